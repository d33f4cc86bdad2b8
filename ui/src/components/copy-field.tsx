import { CheckIcon, CopyIcon } from '@radix-ui/react-icons';
import { Box, IconButton, Text, TextField, Tooltip } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { useToast } from './toast';

export interface CopyFieldProps {
  label: string;
  /** What the copy button copies. */
  value: string;
  /** What the field shows, when it differs (e.g. a key in groups of four). */
  displayValue?: string;
  hint?: string;
  className?: string;
}

/** A read-only value with a copy button (invitation links, TOTP secrets). */
export function CopyField({ label, value, displayValue, hint, className }: CopyFieldProps) {
  const id = useId();
  const { toast } = useToast();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // Without clipboard access (e.g. plain http), selecting the text still lets the user copy.
      document.getElementById(id)?.focus();
      toast({ title: 'Kunde inte kopiera', description: 'Markera texten och kopiera den själv.', variant: 'destructive' });
    }
  };

  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        mt="1"
        value={displayValue ?? value}
        readOnly
        className={className ? `copy-field ${className}` : 'copy-field'}
        onFocus={(event) => event.currentTarget.select()}
      >
        <TextField.Slot side="right">
          <Tooltip content={copied ? 'Kopierad' : 'Kopiera'}>
            <IconButton type="button" size="1" variant="ghost" aria-label={`Kopiera ${label.toLowerCase()}`} onClick={() => void copy()}>
              {copied ? <CheckIcon /> : <CopyIcon />}
            </IconButton>
          </Tooltip>
        </TextField.Slot>
      </TextField.Root>
      {hint ? (
        <Text as="p" size="1" color="gray" mt="1">
          {hint}
        </Text>
      ) : null}
    </Box>
  );
}
