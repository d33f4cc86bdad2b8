import { Button, Flex } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { FormField } from '../../components/form/form-field';
import { useToast } from '../../components/toast';
import { useAuth } from '../../lib/auth';
import { authErrorMessage } from './auth-errors';

/** `redirectTo`: where a finished sign-in goes (the dashboard, or back to an invitation link). */
export function SignInForm({ initialEmail, redirectTo }: { initialEmail: string; redirectTo: string }) {
  const { signIn } = useAuth();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitting(true);
    try {
      const { mfaRequired } = await signIn(email.trim(), password);
      // With MFA due, the page swaps to the code step by itself; the welcome comes after it.
      if (!mfaRequired) {
        toast({ title: 'Välkommen tillbaka! Du har loggats in.', variant: 'success' });
        navigate(redirectTo, { replace: true });
      }
    } catch (error) {
      toast({ title: 'Inloggning misslyckades', description: authErrorMessage(error), variant: 'destructive' });
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)}>
      <Flex direction="column" gap="4">
        <FormField
          label="E-post"
          type="email"
          autoComplete="email"
          placeholder="namn@foretag.se"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FormField
          label="Lösenord"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" size="3" mt="2" disabled={isSubmitting}>
          {isSubmitting ? 'Loggar in...' : 'Logga in'}
        </Button>
      </Flex>
    </form>
  );
}
