import { Button, Flex } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/form/form-field';
import { useToast } from '../../components/toast';
import { useAuth } from '../../lib/auth';
import { authErrorMessage } from './auth-errors';

/** Spec part 1 §9. */
const MIN_PASSWORD_LENGTH = 6;

interface SignUpErrors {
  email?: string;
  password?: string;
  fullName?: string;
}

function validate(email: string, password: string, fullName: string): SignUpErrors {
  const errors: SignUpErrors = {};
  if (!email.trim()) errors.email = 'E-post krävs';
  if (!password) errors.password = 'Lösenord krävs';
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'Lösenordet måste vara minst 6 tecken';
  if (!fullName.trim()) errors.fullName = 'Namn krävs';
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
  const [email, setEmail] = useState(invitation?.email ?? '');
  const [password, setPassword] = useState('');
  const [fullName, setFullName] = useState('');
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(email, password, fullName);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsSubmitting(true);
    try {
      await signUp({
        email: email.trim(),
        password,
        full_name: fullName.trim(),
        ...(invitation ? { invitation_token: invitation.token } : {}),
      });
      toast({ title: 'Konto skapat! Du kan nu logga in med dina uppgifter.', variant: 'success' });
      onCreated(email.trim());
    } catch (error) {
      toast({ title: 'Registrering misslyckades', description: authErrorMessage(error), variant: 'destructive' });
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="4">
        <FormField
          label="E-post"
          type="email"
          autoComplete="email"
          placeholder="namn@foretag.se"
          required
          value={email}
          error={errors.email}
          // The invitation is for this address only.
          readOnly={invitation !== null}
          variant={invitation ? 'soft' : undefined}
          hint={invitation ? 'Inbjudan gäller den här adressen' : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FormField
          label="Lösenord"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint="Minst 6 tecken"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormField
          label="Fullständigt namn"
          autoComplete="name"
          placeholder="Anna Andersson"
          required
          value={fullName}
          error={errors.fullName}
          onChange={(event) => setFullName(event.target.value)}
        />
        <Button type="submit" size="3" mt="2" disabled={isSubmitting}>
          {isSubmitting ? 'Skapar konto...' : 'Skapa konto'}
        </Button>
      </Flex>
    </form>
  );
}
