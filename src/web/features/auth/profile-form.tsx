import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { profileInput, type ProfileInput } from '../../../contract/users.ts';
import { useFormAnswer } from '../../lib/form-action.ts';
import { notify } from '../../lib/notify.ts';
import { useUpdateProfile } from './api.ts';
import { authErrorMessage } from './auth-errors.ts';
import { FormError, SubmitButton, TextField } from '../../components/form-fields.tsx';
import type { SessionUser } from '../../lib/session.ts';
import { FormCard } from '../../components/form-card.tsx';

/** Changes the display name and the photo link (empty clears the photo). */
export function ProfileForm({ user }: { user: SessionUser }) {
  const update = useUpdateProfile(user);
  // Sent before the script took over and refused: what was typed, and why (the page's action).
  // A refusal of the page's other form (tax details, with its `intent`) is not this one's.
  const posted = useFormAnswer();
  const answer = posted?.values.intent ? undefined : posted;
  const kept = {
    name: answer?.values.name ?? user.name,
    image: answer?.values.image ?? user.image ?? '',
  };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileInput),
    defaultValues: kept,
  });

  const submit = handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: (saved) => {
        notify('success', 'Your profile has been updated.');
        // What the server kept becomes the form's new starting point.
        reset({ name: saved.name, image: saved.image ?? '' });
      },
    }),
  );

  return (
    <FormCard
      titleId="profile-form-title"
      title="Edit your profile"
      heading="h2"
      onSubmit={submit}
      // Sent by script; before it has loaded, the page's action saves it (docs/decisions/0018).
      method="post"
    >
      <input type="hidden" name="email" value={user.email} />
      <TextField
        id="profile-name"
        label="Name"
        autoComplete="name"
        required
        defaultValue={kept.name}
        registration={register('name')}
        error={errors.name?.message ?? answer?.fieldErrors.name}
      />
      <TextField
        id="profile-image"
        label="Photo URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        hint="A link to your photo. Leave it empty to remove the photo."
        defaultValue={kept.image}
        registration={register('image')}
        error={errors.image?.message ?? answer?.fieldErrors.image}
      />
      <div className="max-w-xs">
        <SubmitButton pending={update.isPending}>Save changes</SubmitButton>
      </div>
      <FormError
        message={update.isError ? authErrorMessage(update.error) : (answer?.formError ?? null)}
      />
    </FormCard>
  );
}
