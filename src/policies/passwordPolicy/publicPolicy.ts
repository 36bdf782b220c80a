import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

/**
 * What the admin's password fields need to show the rules live: the policy without server-only
 * settings (the breach service's URL). Server components pass it to client components as a prop.
 */
export type PublicPasswordPolicy = {
  characterClassMinimums: { lowercase: number; number: number; special: number; uppercase: number }
  maxLength: number
  minCharacterClasses: number
  minLength: number
  minScore: 0 | 1 | 2 | 3 | 4
}

export const publicPasswordPolicy = ({
  passwordPolicy,
}: Pick<SanitizedBackofficeOptions, 'passwordPolicy'>): PublicPasswordPolicy => ({
  characterClassMinimums: { ...passwordPolicy.characterClassMinimums },
  maxLength: passwordPolicy.maxLength,
  minCharacterClasses: passwordPolicy.minCharacterClasses,
  minLength: passwordPolicy.minLength,
  minScore: passwordPolicy.minScore,
})
