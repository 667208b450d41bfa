import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { profileInput, type ProfileInput } from '../../../contract/users.ts';
import { notify } from '../../lib/notify.ts';
import { useUpdateProfile } from './api.ts';
import { authErrorMessage } from './auth-errors.ts';
import { FormError, SubmitButton, TextField } from '../../components/form-fields.tsx';
import type { SessionUser } from '../../lib/session.ts';

/** Changes the display name and the photo link (empty clears the photo). */
export function ProfileForm({ user }: { user: SessionUser }) {
  const update = useUpdateProfile(user);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileInput),
    defaultValues: { name: user.name, image: user.image ?? '' },
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
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="profile-form-title"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h2 id="profile-form-title" className="card-title">
          Edit your profile
        </h2>
        <TextField
          id="profile-name"
          label="Name"
          type="text"
          autoComplete="name"
          required
          registration={register('name')}
          error={errors.name?.message}
        />
        <TextField
          id="profile-image"
          label="Photo URL"
          type="url"
          inputMode="url"
          placeholder="https://…"
          hint="A link to your photo. Leave it empty to remove the photo."
          registration={register('image')}
          error={errors.image?.message}
        />
        <div className="max-w-xs">
          <SubmitButton pending={update.isPending}>Save changes</SubmitButton>
        </div>
        <FormError message={update.isError ? authErrorMessage(update.error) : null} />
      </div>
    </form>
  );
}
