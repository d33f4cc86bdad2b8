import { Button, Flex } from '@radix-ui/themes';
import { useLocation } from 'wouter';
import { FormField } from '../../components/form/form-field';
import { useToast } from '../../components/toast';
import { useAuth } from '../../lib/auth';
import { useForm } from '../../lib/use-form';
import { authFailure } from './auth-errors';

/** `redirectTo`: where a finished sign-in goes (the dashboard, or back to an invitation link). */
export function SignInForm({ initialEmail, redirectTo }: { initialEmail: string; redirectTo: string }) {
  const { signIn } = useAuth();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const form = useForm(
    { email: initialEmail, password: '' },
    {
      failure: authFailure('Inloggning misslyckades'),
      async submit({ email, password }) {
        const { mfaRequired } = await signIn(email.trim(), password);
        // With MFA due, the page swaps to the code step by itself; the welcome comes after it.
        if (!mfaRequired) {
          toast({ title: 'Välkommen tillbaka! Du har loggats in.', variant: 'success' });
          navigate(redirectTo, { replace: true });
        }
      },
    },
  );

  return (
    <form onSubmit={form.onSubmit}>
      <Flex direction="column" gap="4">
        <FormField label="E-post" type="email" autoComplete="email" placeholder="namn@foretag.se" required {...form.text('email')} />
        <FormField label="Lösenord" type="password" autoComplete="current-password" required {...form.text('password')} />
        <Button type="submit" size="3" mt="2" disabled={form.isSubmitting}>
          {form.isSubmitting ? 'Loggar in...' : 'Logga in'}
        </Button>
      </Flex>
    </form>
  );
}
