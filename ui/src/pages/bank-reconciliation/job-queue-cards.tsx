// Job queue status (spec part 2 §2, §4): counts of background jobs by status — bank-file imports
// and the nightly runs. The spec only logs a load error; the cards then show a dash.
import { CheckCircledIcon, ClockIcon, CrossCircledIcon, ReloadIcon, UpdateIcon } from '@radix-ui/react-icons';
import { Card, Flex, Grid, Skeleton, Text } from '@radix-ui/themes';
import { useEffect, type ReactNode } from 'react';
import { useJobStats, type JobStatus } from '../../api/jobs';
import { formatCount } from '../../lib/format';

const CARDS: { status: JobStatus; label: string; icon: ReactNode; color: 'gray' | 'blue' | 'green' | 'red' | 'amber' }[] = [
  { status: 'pending', label: 'Väntande', icon: <ClockIcon />, color: 'gray' },
  { status: 'processing', label: 'Pågående', icon: <UpdateIcon />, color: 'blue' },
  { status: 'completed', label: 'Klara', icon: <CheckCircledIcon />, color: 'green' },
  { status: 'failed', label: 'Misslyckade', icon: <CrossCircledIcon />, color: 'red' },
  { status: 'retry', label: 'Försöker igen', icon: <ReloadIcon />, color: 'amber' },
];

export function JobQueueCards() {
  const { data, error, isLoading } = useJobStats();
  useEffect(() => {
    if (error) console.warn('[fordran] jobbkön kunde inte läsas:', error.message);
  }, [error]);

  return (
    <section aria-labelledby="job-queue-heading">
      <Flex align="baseline" gap="2" mb="2">
        <Text id="job-queue-heading" size="2" weight="bold">
          Jobbkö
        </Text>
        {error && !data ? (
          <Text size="1" color="gray">
            Status kunde inte hämtas
          </Text>
        ) : null}
      </Flex>
      <Grid columns={{ initial: '2', sm: '3', md: '5' }} gap="3" mb="5">
        {CARDS.map((card) => (
          <Card key={card.status} size="1">
            <Flex justify="between" align="center" gap="2">
              <Flex direction="column" gap="1">
                <Text size="1" color="gray" weight="medium">
                  {card.label}
                </Text>
                <Skeleton loading={isLoading} width="40px" height="28px">
                  <Text size="6" weight="bold" className="tile-value" aria-label={`${card.label}: ${data ? data[card.status] : 'okänt'}`}>
                    {data ? formatCount(data[card.status]) : '–'}
                  </Text>
                </Skeleton>
              </Flex>
              <Flex align="center" justify="center" className="icon-tile" data-color={card.color} aria-hidden>
                {card.icon}
              </Flex>
            </Flex>
          </Card>
        ))}
      </Grid>
    </section>
  );
}
