// The lawsuit page's records: deadlines (with their reminders, 'Klar'), notes and documents
// (upload, download). Each write toasts and refreshes the lawsuit.
import { CheckIcon, DownloadIcon, UploadIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Card, Flex, Grid, Heading, Table, Text } from '@radix-ui/themes';
import { useRef, useState } from 'react';
import { useLawsuitMutations, type LawsuitDetail } from '../../api/lawsuits';
import { DateInput } from '../../components/date-input';
import { FormField } from '../../components/form/form-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { useToast } from '../../components/toast';
import { readDateField } from '../../lib/date-field';
import { formatDate, formatDateTime } from '../../lib/format';
import { saveFile } from '../../lib/save-file';
import { useForm } from '../../lib/use-form';

export function LawsuitDeadlinesCard({ lawsuit, canWrite }: { lawsuit: LawsuitDetail; canWrite: boolean }) {
  const { toast } = useToast();
  const { addDeadline, completeDeadline } = useLawsuitMutations();
  const form = useForm(
    { label: '', due_date: '' },
    {
      failure: 'Fel vid sparande',
      validate: (values) => ({
        ...(values.label.trim() ? {} : { label: 'Ange vad fristen gäller' }),
        ...(readDateField(values.due_date).ok && values.due_date ? {} : { due_date: 'Ange ett datum' }),
      }),
      async submit(values) {
        const date = readDateField(values.due_date);
        if (!date.ok || !date.date) return;
        await addDeadline(lawsuit.id, { label: values.label.trim(), due_date: date.date });
        toast({ title: 'Frist tillagd', description: `${values.label.trim()} · ${formatDate(date.date)}`, variant: 'success' });
        form.reset({ label: '', due_date: '' });
      },
    },
  );
  const markDone = async (code: string) => {
    try {
      await completeDeadline(lawsuit.id, code);
      toast({ title: 'Fristen är klarmarkerad', variant: 'success' });
    } catch (error) {
      toast({ title: 'Fel vid sparande', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        Frister
      </Heading>
      {lawsuit.deadlines.length === 0 ? (
        <Text as="p" size="2" color="gray" mb="3">
          Inga frister ännu. En påminnelse kommer innan en frist löper ut.
        </Text>
      ) : (
        <Table.Root size="1" mb="3">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Frist</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Löper ut</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              {canWrite ? <Table.ColumnHeaderCell /> : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lawsuit.deadlines.map((deadline) => (
              <Table.Row key={deadline.code} align="center">
                <Table.RowHeaderCell>{deadline.label}</Table.RowHeaderCell>
                <Table.Cell className="nowrap">{formatDate(deadline.due_date)}</Table.Cell>
                <Table.Cell>
                  {deadline.done_at ? (
                    <Badge color="green">Klar</Badge>
                  ) : deadline.reminded_at ? (
                    <Badge color="amber">Påmind</Badge>
                  ) : (
                    <Badge color="gray">Öppen</Badge>
                  )}
                </Table.Cell>
                {canWrite ? (
                  <Table.Cell justify="end">
                    {deadline.done_at ? null : (
                      <Button size="1" variant="soft" onClick={() => void markDone(deadline.code)} aria-label={`Klarmarkera ${deadline.label}`}>
                        <CheckIcon /> Klar
                      </Button>
                    )}
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {canWrite ? (
        <form onSubmit={form.onSubmit} noValidate>
          <Grid columns={{ initial: '1', sm: '2' }} gap="3" align="end">
            <FormField label="Ny frist" placeholder="T.ex. svaromål" {...form.text('label')} maxLength={200} autoComplete="off" />
            <DateInput label="Löper ut" {...form.input('due_date')} />
          </Grid>
          <Flex justify="end" mt="3">
            <Button type="submit" variant="soft" disabled={form.isSubmitting}>
              Lägg till frist
            </Button>
          </Flex>
        </form>
      ) : null}
    </Card>
  );
}

export function LawsuitNotesCard({ lawsuit, canWrite }: { lawsuit: LawsuitDetail; canWrite: boolean }) {
  const { toast } = useToast();
  const { saveNotes } = useLawsuitMutations();
  const form = useForm(
    { notes: lawsuit.notes ?? '' },
    {
      failure: 'Fel vid sparande',
      async submit(values) {
        await saveNotes(lawsuit.id, values.notes);
        toast({ title: 'Anteckningar sparade', variant: 'success' });
      },
    },
  );
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        Anteckningar
      </Heading>
      {canWrite ? (
        <form onSubmit={form.onSubmit} noValidate>
          <TextAreaField label="Anteckningar" {...form.input('notes')} maxLength={5000} rows={4} />
          <Flex justify="end" mt="3">
            <Button type="submit" variant="soft" disabled={form.isSubmitting || form.values.notes === (lawsuit.notes ?? '')}>
              Spara anteckningar
            </Button>
          </Flex>
        </form>
      ) : (
        <Text as="p" size="2" color={lawsuit.notes ? undefined : 'gray'} style={{ whiteSpace: 'pre-wrap' }}>
          {lawsuit.notes ?? 'Inga anteckningar'}
        </Text>
      )}
    </Card>
  );
}

export function LawsuitDocumentsCard({ lawsuit, canWrite }: { lawsuit: LawsuitDetail; canWrite: boolean }) {
  const { toast } = useToast();
  const { uploadDocument, downloadDocument } = useLawsuitMutations();
  const input = useRef<HTMLInputElement>(null);
  const [isUploading, setIsUploading] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setIsUploading(true);
    try {
      await uploadDocument(lawsuit.id, file);
      toast({ title: 'Dokument uppladdat', description: file.name, variant: 'success' });
    } catch (error) {
      toast({ title: 'Fel vid uppladdning', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setIsUploading(false);
      if (input.current) input.current.value = '';
    }
  };
  const download = async (documentId: string, name: string) => {
    try {
      saveFile(await downloadDocument(lawsuit.id, documentId), name);
    } catch (error) {
      toast({ title: 'Fel vid nedladdning', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };
  return (
    <Card size="2">
      <Flex justify="between" align="center" mb="3">
        <Heading as="h2" size="3">
          Dokument
        </Heading>
        {canWrite ? (
          <Box>
            <input ref={input} type="file" hidden aria-label="Välj dokument" onChange={(event) => void upload(event.target.files?.[0])} />
            <Button size="1" variant="soft" disabled={isUploading} onClick={() => input.current?.click()}>
              <UploadIcon /> {isUploading ? 'Laddar upp...' : 'Ladda upp'}
            </Button>
          </Box>
        ) : null}
      </Flex>
      {lawsuit.documents.length === 0 ? (
        <Text as="p" size="2" color="gray">
          Inga dokument ännu.
        </Text>
      ) : (
        <Flex direction="column" gap="2">
          {lawsuit.documents.map((document) => (
            <Flex key={document.id} justify="between" align="center" gap="2">
              <Box minWidth="0">
                <Text as="div" size="2" weight="medium" truncate>
                  {document.file_name}
                </Text>
                <Text as="div" size="1" color="gray">
                  {formatDateTime(document.stored_at)} · {Math.max(1, Math.round(document.size / 1024))} kB
                </Text>
              </Box>
              <Button size="1" variant="ghost" onClick={() => void download(document.id, document.file_name)} aria-label={`Hämta ${document.file_name}`}>
                <DownloadIcon />
              </Button>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
