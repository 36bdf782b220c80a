/**
 * Rules for Payload's select inside the video field and its modal, where its own fall short of
 * WCAG 2.2 2.5.8 (target size, minimum): a chip's remove button is 20 px, and the text box beside
 * chips shrinks to a few pixels. Both get 24 px. Payload's dropzone fills its parent's height
 * (`height: 100%`), which under a label runs into the next field: here it takes its content's.
 */
export const selectStyles = `
.backoffice-video-field .multi-value-remove,
.backoffice-video-upload .multi-value-remove { min-block-size: 24px; min-inline-size: 24px; }
.backoffice-video-field .rs__input-container,
.backoffice-video-upload .rs__input-container { min-block-size: 24px; min-inline-size: 24px; }
.backoffice-video-field .rs__input,
.backoffice-video-upload .rs__input { min-block-size: 24px; min-inline-size: 24px !important; }
.backoffice-video-field .dropdown-indicator,
.backoffice-video-upload .dropdown-indicator { cursor: pointer; display: flex; }
.backoffice-video-upload .backoffice-video-upload__dropzone { block-size: auto; }
`
