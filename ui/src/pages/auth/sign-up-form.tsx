import { Button, Flex } from '@radix-ui/themes';
import { FormField } from '../../components/form/form-field';
import { useToast } from '../../components/toast';
import { useAuth } from '../../lib/auth';
import type { FieldErrors } from '../../lib/form-errors';
import { useForm } from '../../lib/use-form';
import { authFailure } from './auth-errors';

/** Spec part 1 §9. */
const MIN_PASSWORD_LENGTH = 6;

interface SignUpValues {
  email: string;
  password: string;
  full_name: string;
}

function validate({ email, password, full_name }: SignUpValues): FieldErrors<keyof SignUpValues> {
  const errors: FieldErrors<keyof SignUpValues> = {};
  if (!email.trim()) errors.email = 'E-post krävs';
  if (!password) errors.password = 'Lösenord krävs';
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'Lösenordet måste vara minst 6 tecken';
  if (!full_name.trim()) errors.full_name = 'Namn krävs';
  return errors;
}

export interface SignUpFormProps {
  /** An invitation link being used: the address is the invited one and the token goes along. */
  invitation: { token: string; email: string } | null;
  onCreated(email: string): void;
}

export function SignUpForm({ invitation, onCreated }: SignUpFormProps) {
  const { signUp } = useAuth();
  const { toast } = useToast();
  const form = useForm<SignUpValues>(
    { email: invitation?.email ?? '', password: '', full_name: '' },
    {
      validate,
      failure: authFailure('Registrering misslyckades'),
      async submit({ email, password, full_name }) {
        await signUp({ email: email.trim(), password, full_name: full_name.trim(), ...(invitation ? { invitation_token: invitation.token } : {}) });
        toast({ title: 'Konto skapat! Du kan nu logga in med dina uppgifter.', variant: 'success' });
        onCreated(email.trim());
      },
    },
  );

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="4">
        <FormField
          label="E-post"
          type="email"
          autoComplete="email"
          placeholder="namn@foretag.se"
          required
          {...form.text('email')}
          // The invitation is for this address only.
          readOnly={invitation !== null}
          variant={invitation ? 'soft' : undefined}
          hint={invitation ? 'Inbjudan gäller den här adressen' : undefined}
        />
        <FormField
          label="Lösenord"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint="Minst 6 tecken"
          {...form.text('password')}
        />
        <FormField label="Fullständigt namn" autoComplete="name" placeholder="Anna Andersson" required {...form.text('full_name')} />
        <Button type="submit" size="3" mt="2" disabled={form.isSubmitting}>
          {form.isSubmitting ? 'Skapar konto...' : 'Skapa konto'}
        </Button>
      </Flex>
    </form>
  );
}
