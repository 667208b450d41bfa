// Kept free of zod: the sign-in page draws its buttons before zod has loaded.

export const socialProviderIds = ['google', 'facebook', 'github'] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];
