import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { STAFF_ROLES, STAFF_ROLE_LABELS, staffCreateSchema, type StaffMember } from '@shop/shared';
import { z } from 'zod';
import { errorMessage } from '@shop/client-kit';
import { Banner } from '@/components/feedback';
import { FormField } from '@/components/form-field';
import { useCreateStaff } from './api/create-staff';
import { ROLE_DESCRIPTIONS } from './role-text';

// The select starts empty: the owner chooses the role on purpose.
const inviteSchema = staffCreateSchema.extend({ role: z.string().pipe(z.enum(STAFF_ROLES, { error: 'Elegí un rol' })) });
type InviteValues = z.input<typeof inviteSchema>;
type InviteInput = z.output<typeof inviteSchema>;

export interface Invitation {
  staff: StaffMember;
  temporaryPassword: string;
}

/** 'Invitar a alguien': name, e-mail and role; the new account's temporary password goes to `onInvited`. */
export function InviteForm({ onInvited }: { onInvited: (invitation: Invitation) => void }) {
  const create = useCreateStaff();
  const { register, handleSubmit, reset, formState } = useForm<InviteValues, unknown, InviteInput>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { name: '', email: '', role: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;

  const submit = handleSubmit((input) => {
    create.mutate(input, {
      onSuccess: (answer) => {
        reset();
        onInvited(answer);
      },
    });
  });

  const described = (field: keyof InviteValues, hint?: string) =>
    [hint, errors[field] ? `invite-${field}-error` : null].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: keyof InviteValues) =>
    errors[field] && (
      <p className="field-error" id={`invite-${field}-error`}>
        {errors[field]?.message}
      </p>
    );

  return (
    <form
      className="invite-form"
      onSubmit={(event) => {
        create.reset();
        void submit(event);
      }}
      noValidate
      aria-labelledby="invite-title"
      aria-describedby={create.isError ? 'invite-error' : undefined}
      data-testid="invite-form"
    >
      {create.isError && (
        <div id="invite-error">
          <Banner kind="error">No se pudo invitar: {errorMessage(create.error)}</Banner>
        </div>
      )}
      <div className="invite-grid">
        <FormField id="invite-name" label="Nombre" required>
          <input
            id="invite-name"
            type="text"
            {...register('name')}
            autoComplete="off"
            required
            maxLength={100}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={described('name')}
          />
          {fieldError('name')}
        </FormField>
        <FormField id="invite-email" label="Email" required>
          <input
            id="invite-email"
            type="email"
            {...register('email')}
            autoComplete="off"
            required
            maxLength={200}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={described('email')}
          />
          {fieldError('email')}
        </FormField>
        <FormField id="invite-role" label="Rol" required>
          <select
            id="invite-role"
            {...register('role')}
            required
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={described('role', 'invite-role-hint')}
          >
            <option value="">Elegí un rol</option>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          {fieldError('role')}
        </FormField>
        <div className="invite-submit">
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            <UserPlus size={16} aria-hidden="true" /> {create.isPending ? 'Invitando...' : 'Invitar'}
          </button>
        </div>
      </div>
      <ul className="hint role-hints" id="invite-role-hint">
        {STAFF_ROLES.map((role) => (
          <li key={role}>
            <strong>{STAFF_ROLE_LABELS[role]}</strong>: {ROLE_DESCRIPTIONS[role]}.
          </li>
        ))}
      </ul>
    </form>
  );
}
