import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { STAFF_ROLES, STAFF_ROLE_LABELS, staffCreateSchema, type StaffCreated } from '@shop/shared';
import { z } from 'zod';
import { errorMessage } from '@shop/client-kit';
import { LinkedError } from '@/components/feedback';
import { FormField, describedBy } from '@/components/form-field';
import { submitAfresh } from '@/lib/submit-afresh';
import { useCreateStaff } from './api/create-staff';
import { RoleOptions } from './role-options';
import { ROLE_DESCRIPTIONS } from './role-text';

// The select starts empty: the owner chooses the role on purpose.
const inviteSchema = staffCreateSchema.extend({ role: z.string().pipe(z.enum(STAFF_ROLES, { error: 'Elegí un rol' })) });
type InviteValues = z.input<typeof inviteSchema>;
type InviteInput = z.output<typeof inviteSchema>;

const TEXT_FIELDS = [
  { name: 'name', label: 'Nombre', type: 'text', maxLength: 100 },
  { name: 'email', label: 'Email', type: 'email', maxLength: 200 },
] as const;

/** 'Invitar a alguien': name, e-mail and role; the server's answer (e-mail sent, or a temporary password) goes to `onInvited`. */
export function InviteForm({ onInvited }: { onInvited: (invitation: StaffCreated) => void }) {
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

  /** What the field reads: its id, its problem and the ids that describe it (the role's hint too). */
  const field = (name: keyof InviteValues, hint = false) => {
    const error = errors[name]?.message;
    return { id: `invite-${name}`, error, invalid: error ? true : undefined, described: describedBy(`invite-${name}`, { hint, error }) };
  };
  const role = field('role', true);

  return (
    <form
      className="invite-form"
      onSubmit={submitAfresh(() => create.reset(), submit)}
      noValidate
      aria-labelledby="invite-title"
      aria-describedby={create.isError ? 'invite-error' : undefined}
      data-testid="invite-form"
    >
      <LinkedError id="invite-error">{create.isError && `No se pudo invitar: ${errorMessage(create.error)}`}</LinkedError>
      <div className="invite-grid">
        {TEXT_FIELDS.map(({ name, label, type, maxLength }) => {
          const { id, error, invalid, described } = field(name);
          return (
            <FormField key={name} id={id} label={label} required error={error}>
              <input
                id={id}
                type={type}
                {...register(name)}
                autoComplete="off"
                required
                maxLength={maxLength}
                aria-invalid={invalid}
                aria-describedby={described}
              />
            </FormField>
          );
        })}
        <FormField id={role.id} label="Rol" required error={role.error}>
          <select id={role.id} {...register('role')} required aria-invalid={role.invalid} aria-describedby={role.described}>
            <option value="">Elegí un rol</option>
            <RoleOptions />
          </select>
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
