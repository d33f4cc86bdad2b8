// 'Redigera profil' (spec part 1 §2 Staff shell, §5 avatar rules, §8 errors).
import { UploadIcon } from '@radix-ui/react-icons';
import { Avatar, Button, Dialog, Flex, Text } from '@radix-ui/themes';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useProfileMutations } from '../api/me';
import { ApiError } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { initialsOf } from '../lib/format';
import { FormField } from './form-field';
import { useToast } from './toast';
import { useDisplayName } from './user-menu';
import { useFocusReturn } from '../lib/focus-return';

/** Avatar limit of spec part 1 §9. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

export interface ProfileDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function ProfileDialog({ open, onOpenChange }: ProfileDialogProps) {
  const returnFocus = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="460px" onCloseAutoFocus={returnFocus}>
        <Dialog.Title>Redigera profil</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Uppdatera ditt namn och din profilbild.
        </Dialog.Description>
        {/* Mounted only while open, so every opening starts from the saved profile. */}
        {open ? <ProfileForm onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Okänt fel';
}

function ProfileForm({ onDone }: { onDone(): void }) {
  const { profile, user } = useAuth();
  const { toast } = useToast();
  const { updateProfile, uploadAvatar } = useProfileMutations();
  const displayName = useDisplayName();
  const [fullName, setFullName] = useState(profile?.full_name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
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
      // The server checks size and content too; its FILE_TOO_LARGE / INVALID_FILE_TYPE read as above.
      if (error instanceof ApiError && error.code === 'FILE_TOO_LARGE') {
        toast({ title: 'Filen är för stor', description: error.message, variant: 'destructive' });
      } else if (error instanceof ApiError && error.code === 'INVALID_FILE_TYPE') {
        toast({ title: 'Felaktig filtyp', description: error.message, variant: 'destructive' });
      } else {
        toast({ title: 'Fel vid uppladdning', description: errorMessage(error), variant: 'destructive' });
      }
    } finally {
      setIsUploading(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = fullName.trim();
    if (!trimmed) {
      setNameError('Namn krävs');
      return;
    }
    setIsSaving(true);
    try {
      await updateProfile({ full_name: trimmed });
      toast({ title: 'Profil uppdaterad', description: 'Dina ändringar har sparats', variant: 'success' });
      onDone();
    } catch (error) {
      toast({ title: 'Fel vid uppdatering', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="4">
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

        <FormField
          label="Namn"
          value={fullName}
          required
          autoComplete="name"
          error={nameError}
          onChange={(event) => {
            setFullName(event.target.value);
            setNameError(null);
          }}
        />

        <FormField label="E-post" value={profile?.email ?? user?.email ?? ''} readOnly variant="soft" color="gray" hint="E-postadressen kan inte ändras" />

        <Flex gap="3" justify="end" mt="2">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              Avbryt
            </Button>
          </Dialog.Close>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Sparar...' : 'Spara ändringar'}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
