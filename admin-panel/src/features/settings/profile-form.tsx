import { useMemo } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { isEmailChange, LIMITS, MSG, profileFormSchema } from '@shop/shared';
import type { z } from 'zod';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { Banner } from '@/components/feedback';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { parseSessionUser, useAuth } from '@/features/auth';
import { useUpdateProfile } from './api/update-profile';
import { PasswordField } from '@/components/password-field';
import { saveFailure } from './save-failure';

type ProfileSchema = ReturnType<typeof profileFormSchema>;
type ProfileValues = z.input<ProfileSchema>;
type ProfileInput = z.output<ProfileSchema>;

/** Username and e-mail problems share one banner; an empty field gives the form's own sentence. */
function bannerText(errors: FieldErrors<ProfileValues>): string | null {
  const messages = [errors.username?.message, errors.email?.message];
  if (messages.includes(MSG.profile.usernameRequired) || messages.includes(MSG.checkout.emailRequired)) return MSG.profile.required;
  return messages.find((m) => m !== undefined) ?? null;
}

export function ProfileForm() {
  const { user, updateUser } = useAuth();
  const currentEmail = user?.email ?? '';
  const schema = useMemo(() => profileFormSchema(currentEmail), [currentEmail]);
  const { register, handleSubmit, watch, setValue, formState } = useForm<ProfileValues, unknown, ProfileInput>({
    resolver: zodResolver(schema),
    defaultValues: { username: user?.username ?? '', email: currentEmail, currentPassword: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const message = useTimedMessage();
  const mutation = useUpdateProfile();
  // The e-mail is the sign-in name: changing it asks for the current password.
  const emailChanged = isEmailChange(watch('email'), currentEmail);
  // A banner problem is shown alone, as the form always did.
  const passwordError = formState.errors.username || formState.errors.email ? undefined : formState.errors.currentPassword?.message;

  const submit = handleSubmit(
    (input) => {
      message.clear();
      mutation.mutate(
        { username: input.username, email: input.email, ...(emailChanged ? { currentPassword: input.currentPassword ?? '' } : {}) },
        {
          onSuccess: ({ user: raw }) => {
            const next = parseSessionUser(raw);
            if (next && user) updateUser({ ...next, role: next.role || user.role });
            setValue('currentPassword', '');
            message.show({ kind: 'success', text: 'Perfil actualizado exitosamente!' }, LIMITS.bannerMs);
          },
          onError: (error) => message.show(saveFailure(error, 'Error al actualizar el perfil. Intente nuevamente.')),
        },
      );
    },
    (errors) => {
      const text = bannerText(errors);
      if (text) message.show({ kind: 'error', text });
    },
  );

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate data-testid="profile-form">
      {message.message && <Banner kind={message.message.kind}>{message.message.text}</Banner>}
      <FormField id="profile-username" label="Nombre de usuario" required>
        <input id="profile-username" type="text" {...register('username')} required autoComplete="username" />
      </FormField>
      <FormField id="profile-email" label="Email" required>
        <input id="profile-email" type="email" {...register('email')} required autoComplete="email" />
      </FormField>
      {emailChanged && (
        <PasswordField
          id="profile-current-password"
          label="Contraseña actual"
          registration={register('currentPassword')}
          autoComplete="current-password"
          error={passwordError}
          hint="Para cambiar el email (con el que inicias sesión) confirma tu contraseña actual."
        />
      )}
      <SubmitButton icon={Save} label="Guardar Cambios" pendingLabel="Guardando..." pending={mutation.isPending} />
    </form>
  );
}
