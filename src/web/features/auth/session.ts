// Replaced by the Better Auth client in the accounts issue.
export type SessionUser = { id: string; name: string; email: string; image?: string | null };

export const useSession = () => ({ user: null as SessionUser | null, isPending: false });
