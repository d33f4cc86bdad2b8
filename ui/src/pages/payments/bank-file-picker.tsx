// The bank-file field of the import dialog: a Swedish 'Välj fil' button (the native picker's label
// follows the browser's language) and a drop zone, over a hidden native input that keeps the
// label, the form semantics and test automation working.
import { FileTextIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { useId, useRef, useState, type DragEvent } from 'react';

export interface BankFilePickerProps {
  file: File | null;
  onFileChange(file: File | null): void;
}

const ACCEPT = '.txt,.dat,.bgmax,.xml,.csv,text/plain,text/csv,application/xml,text/xml';

export function BankFilePicker({ file, onFileChange }: BankFilePickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragOver, setIsDragOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFileChange(dropped);
  };

  return (
    <Box>
      <Text as="label" htmlFor={inputId} size="2" weight="medium">
        Bankfil *
      </Text>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPT}
        className="visually-hidden-input"
        tabIndex={-1}
        onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
      />
      <Flex
        align="center"
        gap="3"
        mt="1"
        className="file-drop-zone"
        data-drag-over={isDragOver}
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragOver(true);
        }}
        onDragLeave={() => setIsDragOver(false)}
        onDrop={onDrop}
      >
        <Button type="button" variant="soft" onClick={() => inputRef.current?.click()}>
          <FileTextIcon /> Välj fil
        </Button>
        <Text size="2" color={file ? undefined : 'gray'} truncate>
          {file ? file.name : 'Ingen fil vald – eller släpp filen här'}
        </Text>
      </Flex>
    </Box>
  );
}
