import { VideoField as VideoField_3373a040d4d82bd60c9523d03a35db3f } from 'payload-backoffice/video/client'
import { RscEntrySlateCell as RscEntrySlateCell_0e78253914a550fdacd75626f1dabe17 } from '@payloadcms/richtext-slate/rsc'
import { RscEntrySlateField as RscEntrySlateField_0e78253914a550fdacd75626f1dabe17 } from '@payloadcms/richtext-slate/rsc'
import { BoldLeafButton as BoldLeafButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { BoldLeaf as BoldLeaf_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { CodeLeafButton as CodeLeafButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { CodeLeaf as CodeLeaf_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { ItalicLeafButton as ItalicLeafButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { ItalicLeaf as ItalicLeaf_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { StrikethroughLeafButton as StrikethroughLeafButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { StrikethroughLeaf as StrikethroughLeaf_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { UnderlineLeafButton as UnderlineLeafButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { UnderlineLeaf as UnderlineLeaf_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { BlockquoteElementButton as BlockquoteElementButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { BlockquoteElement as BlockquoteElement_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { H1ElementButton as H1ElementButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { Heading1Element as Heading1Element_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { H2ElementButton as H2ElementButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { Heading2Element as Heading2Element_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { H3ElementButton as H3ElementButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { Heading3Element as Heading3Element_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { H4ElementButton as H4ElementButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { Heading4Element as Heading4Element_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { H5ElementButton as H5ElementButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { Heading5Element as Heading5Element_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { H6ElementButton as H6ElementButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { Heading6Element as Heading6Element_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { IndentButton as IndentButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { IndentElement as IndentElement_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { ListItemElement as ListItemElement_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { LinkButton as LinkButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { LinkElement as LinkElement_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { WithLinks as WithLinks_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { OLElementButton as OLElementButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { OrderedListElement as OrderedListElement_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { RelationshipButton as RelationshipButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { RelationshipElement as RelationshipElement_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { WithRelationship as WithRelationship_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { TextAlignElementButton as TextAlignElementButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { ULElementButton as ULElementButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { UnorderedListElement as UnorderedListElement_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { UploadElementButton as UploadElementButton_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { UploadElement as UploadElement_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { WithUpload as WithUpload_0b388c087d9de8c4f011dd323a130cfb } from '@payloadcms/richtext-slate/client'
import { OverviewComponent as OverviewComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { SeoMetaTextField as SeoMetaTextField_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { MetaImageComponent as MetaImageComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { PreviewComponent as PreviewComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { FolderTableCell as FolderTableCell_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'
import { FolderField as FolderField_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'
import { SelectDiff as SelectDiff_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { FileSizeCell as FileSizeCell_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { AccountSecurityPanelField as AccountSecurityPanelField_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { LockedUntilCell as LockedUntilCell_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { InvitationField as InvitationField_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { SignInMethodCell as SignInMethodCell_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { SignInMethodField as SignInMethodField_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { SecondFactorCell as SecondFactorCell_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { LastSignInCell as LastSignInCell_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { AccountStatusCell as AccountStatusCell_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { AccountSecurityField as AccountSecurityField_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { AccountQuickFilters as AccountQuickFilters_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { InvitationSaveButton as InvitationSaveButton_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { UserEditView as UserEditView_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { ResetRequestReviewField as ResetRequestReviewField_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { AuditTimeCell as AuditTimeCell_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { AuditEventCell as AuditEventCell_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { AuditCategoryCell as AuditCategoryCell_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { AuditTextCell as AuditTextCell_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { AuditDataField as AuditDataField_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { AuditLogListTools as AuditLogListTools_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { FolderTypeField as FolderTypeField_2b8867833a34864a02ddf429b0728a40 } from '@payloadcms/next/client'
import { SandboxLogo as SandboxLogo_487ec4b4fdf9af0938d20343589e6019 } from '../../../branding/SandboxLogo'
import { AccessHint as AccessHint_905ce595a182932dfefab774530ff398 } from '../../../branding/SignInNotes'
import { SecurityOverviewPanel as SecurityOverviewPanel_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { SandboxNotice as SandboxNotice_905ce595a182932dfefab774530ff398 } from '../../../branding/SignInNotes'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { PendingToast as PendingToast_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { FocalPointByClick as FocalPointByClick_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { ReadOnlyRichTextBlocks as ReadOnlyRichTextBlocks_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { VersionDrawerErrors as VersionDrawerErrors_96ef4394653c23aa0871e7994b7eaede } from 'payload-backoffice/client'
import { SecurityOverviewView as SecurityOverviewView_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { AcceptInvitationView as AcceptInvitationView_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { ChallengeView as ChallengeView_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { SetupView as SetupView_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { LoginView as LoginView_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { SignOutView as SignOutView_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { FirstUserView as FirstUserView_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { ForgotView as ForgotView_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { ResetView as ResetView_8bcff942356df1c8599a2bb53f5cd241 } from 'payload-backoffice/rsc'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "payload-backoffice/video/client#VideoField": VideoField_3373a040d4d82bd60c9523d03a35db3f,
  "@payloadcms/richtext-slate/rsc#RscEntrySlateCell": RscEntrySlateCell_0e78253914a550fdacd75626f1dabe17,
  "@payloadcms/richtext-slate/rsc#RscEntrySlateField": RscEntrySlateField_0e78253914a550fdacd75626f1dabe17,
  "@payloadcms/richtext-slate/client#BoldLeafButton": BoldLeafButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#BoldLeaf": BoldLeaf_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#CodeLeafButton": CodeLeafButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#CodeLeaf": CodeLeaf_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#ItalicLeafButton": ItalicLeafButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#ItalicLeaf": ItalicLeaf_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#StrikethroughLeafButton": StrikethroughLeafButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#StrikethroughLeaf": StrikethroughLeaf_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#UnderlineLeafButton": UnderlineLeafButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#UnderlineLeaf": UnderlineLeaf_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#BlockquoteElementButton": BlockquoteElementButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#BlockquoteElement": BlockquoteElement_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#H1ElementButton": H1ElementButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#Heading1Element": Heading1Element_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#H2ElementButton": H2ElementButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#Heading2Element": Heading2Element_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#H3ElementButton": H3ElementButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#Heading3Element": Heading3Element_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#H4ElementButton": H4ElementButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#Heading4Element": Heading4Element_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#H5ElementButton": H5ElementButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#Heading5Element": Heading5Element_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#H6ElementButton": H6ElementButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#Heading6Element": Heading6Element_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#IndentButton": IndentButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#IndentElement": IndentElement_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#ListItemElement": ListItemElement_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#LinkButton": LinkButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#LinkElement": LinkElement_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#WithLinks": WithLinks_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#OLElementButton": OLElementButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#OrderedListElement": OrderedListElement_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#RelationshipButton": RelationshipButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#RelationshipElement": RelationshipElement_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#WithRelationship": WithRelationship_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#TextAlignElementButton": TextAlignElementButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#ULElementButton": ULElementButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#UnorderedListElement": UnorderedListElement_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#UploadElementButton": UploadElementButton_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#UploadElement": UploadElement_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/richtext-slate/client#WithUpload": WithUpload_0b388c087d9de8c4f011dd323a130cfb,
  "@payloadcms/plugin-seo/client#OverviewComponent": OverviewComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "payload-backoffice/client#SeoMetaTextField": SeoMetaTextField_96ef4394653c23aa0871e7994b7eaede,
  "@payloadcms/plugin-seo/client#MetaImageComponent": MetaImageComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#PreviewComponent": PreviewComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/next/rsc#FolderTableCell": FolderTableCell_f9c02e79a4aed9a3924487c0cd4cafb1,
  "@payloadcms/next/rsc#FolderField": FolderField_f9c02e79a4aed9a3924487c0cd4cafb1,
  "payload-backoffice/client#SelectDiff": SelectDiff_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#FileSizeCell": FileSizeCell_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/rsc#AccountSecurityPanelField": AccountSecurityPanelField_8bcff942356df1c8599a2bb53f5cd241,
  "payload-backoffice/client#LockedUntilCell": LockedUntilCell_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#InvitationField": InvitationField_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#SignInMethodCell": SignInMethodCell_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#SignInMethodField": SignInMethodField_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#SecondFactorCell": SecondFactorCell_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#LastSignInCell": LastSignInCell_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#AccountStatusCell": AccountStatusCell_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/rsc#AccountSecurityField": AccountSecurityField_8bcff942356df1c8599a2bb53f5cd241,
  "payload-backoffice/rsc#AccountQuickFilters": AccountQuickFilters_8bcff942356df1c8599a2bb53f5cd241,
  "payload-backoffice/client#InvitationSaveButton": InvitationSaveButton_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#UserEditView": UserEditView_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/rsc#ResetRequestReviewField": ResetRequestReviewField_8bcff942356df1c8599a2bb53f5cd241,
  "payload-backoffice/client#AuditTimeCell": AuditTimeCell_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#AuditEventCell": AuditEventCell_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#AuditCategoryCell": AuditCategoryCell_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#AuditTextCell": AuditTextCell_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#AuditDataField": AuditDataField_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#AuditLogListTools": AuditLogListTools_96ef4394653c23aa0871e7994b7eaede,
  "@payloadcms/next/client#FolderTypeField": FolderTypeField_2b8867833a34864a02ddf429b0728a40,
  "/branding/SandboxLogo#SandboxLogo": SandboxLogo_487ec4b4fdf9af0938d20343589e6019,
  "/branding/SignInNotes#AccessHint": AccessHint_905ce595a182932dfefab774530ff398,
  "payload-backoffice/rsc#SecurityOverviewPanel": SecurityOverviewPanel_8bcff942356df1c8599a2bb53f5cd241,
  "/branding/SignInNotes#SandboxNotice": SandboxNotice_905ce595a182932dfefab774530ff398,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "payload-backoffice/client#PendingToast": PendingToast_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#FocalPointByClick": FocalPointByClick_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#ReadOnlyRichTextBlocks": ReadOnlyRichTextBlocks_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/client#VersionDrawerErrors": VersionDrawerErrors_96ef4394653c23aa0871e7994b7eaede,
  "payload-backoffice/rsc#SecurityOverviewView": SecurityOverviewView_8bcff942356df1c8599a2bb53f5cd241,
  "payload-backoffice/rsc#AcceptInvitationView": AcceptInvitationView_8bcff942356df1c8599a2bb53f5cd241,
  "payload-backoffice/rsc#ChallengeView": ChallengeView_8bcff942356df1c8599a2bb53f5cd241,
  "payload-backoffice/rsc#SetupView": SetupView_8bcff942356df1c8599a2bb53f5cd241,
  "payload-backoffice/rsc#LoginView": LoginView_8bcff942356df1c8599a2bb53f5cd241,
  "payload-backoffice/rsc#SignOutView": SignOutView_8bcff942356df1c8599a2bb53f5cd241,
  "payload-backoffice/rsc#FirstUserView": FirstUserView_8bcff942356df1c8599a2bb53f5cd241,
  "payload-backoffice/rsc#ForgotView": ForgotView_8bcff942356df1c8599a2bb53f5cd241,
  "payload-backoffice/rsc#ResetView": ResetView_8bcff942356df1c8599a2bb53f5cd241,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
