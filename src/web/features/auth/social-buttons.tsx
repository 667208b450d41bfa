import { socialProviderIds, type SocialProviderId } from '../../../contract/social-providers.ts';
import { useSiteConfig, useSocialSignIn } from './api.ts';
import { authErrorMessage } from './auth-errors.ts';
import { BrandIcon } from './brand-icons.tsx';

const labels: Record<SocialProviderId, string> = {
  google: 'Google',
  facebook: 'Facebook',
  github: 'GitHub',
};

/**
 * Google, Facebook and GitHub sign-in. A provider this server has no credentials for keeps
 * its button, disabled, with a visible line saying so (not silently missing).
 * `callbackURL` is where the provider's round trip lands: the page the visitor came from.
 */
export function SocialButtons({ callbackURL }: { callbackURL: string }) {
  const config = useSiteConfig();
  const social = useSocialSignIn();
  // Once the browser is on its way to the provider, a second click would only race it.
  const busy = social.isPending || social.isSuccess;

  return (
    <div className="flex flex-col gap-3">
      {socialProviderIds.map((id) => {
        const label = labels[id];
        // If the config cannot be read, let the server answer the click rather than guess.
        const configured = config.data ? config.data.social[id] : config.isError;
        const unconfigured = config.data !== undefined && !configured;
        const noteId = `social-${id}-note`;
        const note = `${label} sign-in is not configured on this server.`;
        const spinning = busy && social.variables?.provider === id;
        return (
          <div key={id} className="flex flex-col gap-1">
            <button
              type="button"
              className="btn btn-outline w-full"
              disabled={!configured || busy}
              title={unconfigured ? note : undefined}
              aria-describedby={unconfigured ? noteId : undefined}
              onClick={() => social.mutate({ provider: id, callbackURL })}
            >
              {spinning ? (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              ) : (
                <BrandIcon provider={id} />
              )}
              Continue with {label}
            </button>
            {unconfigured && (
              <p id={noteId} className="text-center text-xs text-base-content/70">
                {note}
              </p>
            )}
          </div>
        );
      })}
      {social.isError && (
        <p role="alert" className="text-error">
          {authErrorMessage(social.error)}
        </p>
      )}
    </div>
  );
}
