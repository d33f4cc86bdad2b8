// 'Redigera profil' (spec part 1 §2 Staff shell, §5 avatar rules, §8 errors).
import { UploadIcon } from '@radix-ui/react-icons';
import { Avatar, Button, Flex, Text } from '@radix-ui/themes';
import { useRef, useState, type ChangeEvent } from 'react';
import { useProfileMutations } from '../api/me';
import { ApiError } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { initialsOf } from '../lib/format';
import { useForm } from '../lib/use-form';
import { FormActions } from './form/form-actions';
import { FormDialog } from './form/form-dialog';
import { FormField } from './form/form-field';
import { useToast, type ToastInput } from './toast';
import { useDisplayName } from './user-menu';

/** Avatar limit of spec part 1 §9. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

export interface ProfileDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function ProfileDialog({ open, onOpenChange }: ProfileDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} maxWidth="460px" title="Redigera profil" description="Uppdatera ditt namn och din profilbild.">
      <ProfileForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ProfileForm({ onDone }: { onDone(): void }) {
  const { profile, user } = useAuth();
  const { toast } = useToast();
  const { updateProfile } = useProfileMutations();
  const form = useForm(
    { full_name: profile?.full_name ?? '' },
    {
      validate: (values) => (values.full_name.trim() ? {} : { full_name: 'Namn krävs' }),
      failure: 'Fel vid uppdatering',
      async submit(values) {
        await updateProfile({ full_name: values.full_name.trim() });
        toast({ title: 'Profil uppdaterad', description: 'Dina ändringar har sparats', variant: 'success' });
        onDone();
      },
    },
  );

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="4">
        <AvatarUpload />
        <FormField label="Namn" required autoComplete="name" {...form.text('full_name')} />
        <FormField label="E-post" value={profile?.email ?? user?.email ?? ''} readOnly variant="soft" color="gray" hint="E-postadressen kan inte ändras" />
      </Flex>
      <FormActions submitLabel="Spara ändringar" isSubmitting={form.isSubmitting} />
    </form>
  );
}

/** The avatar and its upload (saved at once, apart from the form's 'Spara ändringar'). */
function AvatarUpload() {
  const { profile } = useAuth();
  const { toast } = useToast();
  const { uploadAvatar } = useProfileMutations();
  const displayName = useDisplayName();
  const [isUploading, setIsUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const onFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_AVATAR_BYTES) {
      toast({ title: 'Filen är för stor', description: 'Maximal filstorlek är 2MB', variant: 'destructive' });
      return;
    }
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Felaktig filtyp', description: 'Endast bilder är tillåtna', variant: 'destructive' });
      return;
    }
    setIsUploading(true);
    try {
      await uploadAvatar(file);
      toast({ title: 'Profilbild uppdaterad', description: 'Din nya profilbild har sparats', variant: 'success' });
    } catch (error) {
      toast(uploadErrorToast(error));
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <Flex align="center" gap="4">
      <Avatar size="6" radius="full" src={profile?.avatar_url ?? undefined} fallback={initialsOf(displayName)} />
      <Flex direction="column" gap="2" align="start">
        <input ref={fileInput} type="file" accept="image/*" hidden aria-label="Välj profilbild" onChange={(event) => void onFileChange(event)} />
        <Button type="button" variant="soft" loading={isUploading} onClick={() => fileInput.current?.click()}>
          <UploadIcon /> Ladda upp profilbild
        </Button>
        <Text size="1" color="gray">
          JPG, PNG, GIF eller WebP, högst 2 MB.
        </Text>
      </Flex>
    </Flex>
  );
}

/** The server checks size and content too; its FILE_TOO_LARGE / INVALID_FILE_TYPE read as the browser's own checks. */
function uploadErrorToast(error: unknown): ToastInput {
  const description = error instanceof Error ? error.message : 'Okänt fel';
  if (error instanceof ApiError && error.code === 'FILE_TOO_LARGE') return { title: 'Filen är för stor', description, variant: 'destructive' };
  if (error instanceof ApiError && error.code === 'INVALID_FILE_TYPE') return { title: 'Felaktig filtyp', description, variant: 'destructive' };
  return { title: 'Fel vid uppladdning', description, variant: 'destructive' };
}
