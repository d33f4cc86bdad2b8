// Communication settings (API: GET /orgs/:orgId/channel-settings, PUT …/channel-settings/:channel,
// GET …/channel-settings/:channel/simulated-messages[/:id/file]) and the letter print queue
// (GET /orgs/:orgId/print-queue, POST …/print-queue/batches, GET …/batches/:id/pdf).
import useSWR from 'swr';
import type { CommChannel } from '@fordran/core/labels';
import { api, apiDownload, fetchJson, type ApiError, type DownloadedFile } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { useOrgWrites, type OrgWrites } from './org-writes';
import type {
  ChannelSettingResponse,
  ChannelSettingsResponse,
  ChannelSettingUpdateInput,
  PrintBatchResponse,
  PrintQueueResponse,
  ProviderDefinitionResponse,
  ProviderFieldResponse,
  SimulatedMessagesResponse,
} from '@fordran/services';

export type ChannelSetting = ChannelSettingResponse;
export type ChannelSettings = ChannelSettingsResponse;
export type ChannelSettingInput = ChannelSettingUpdateInput;
export type ProviderDefinition = ProviderDefinitionResponse;
export type ProviderField = ProviderFieldResponse;
export type SimulatedMessage = SimulatedMessagesResponse['items'][number];
export type PrintQueue = PrintQueueResponse;
export type PrintBatch = PrintBatchResponse;

export function channelSettingsKey(orgId: string): string {
  return `/orgs/${orgId}/channel-settings`;
}

export function simulatedMessagesKey(orgId: string, channel: CommChannel): string {
  return `${channelSettingsKey(orgId)}/${channel}/simulated-messages`;
}

export function printQueueKey(orgId: string): string {
  return `/orgs/${orgId}/print-queue`;
}

export function useChannelSettings() {
  const orgId = useCurrentOrgId();
  return useSWR<ChannelSettings, ApiError>(orgId ? channelSettingsKey(orgId) : null, (path: string) => fetchJson<ChannelSettings>(path));
}

export function useSimulatedMessages(channel: CommChannel) {
  const orgId = useCurrentOrgId();
  return useSWR<SimulatedMessagesResponse, ApiError>(orgId ? simulatedMessagesKey(orgId, channel) : null, (path: string) =>
    fetchJson<SimulatedMessagesResponse>(path),
  );
}

export function usePrintQueue() {
  const orgId = useCurrentOrgId();
  return useSWR<PrintQueue, ApiError>(orgId ? printQueueKey(orgId) : null, (path: string) => fetchJson<PrintQueue>(path));
}

export function downloadSimulatedMessage(orgId: string, channel: CommChannel, id: string): Promise<DownloadedFile> {
  return apiDownload(`${simulatedMessagesKey(orgId, channel)}/${encodeURIComponent(id)}/file`);
}

export function downloadPrintBatch(orgId: string, batchId: string): Promise<DownloadedFile> {
  return apiDownload(`${printQueueKey(orgId)}/batches/${encodeURIComponent(batchId)}/pdf`);
}

export function downloadLetter(orgId: string, communicationId: string): Promise<DownloadedFile> {
  return apiDownload(`${printQueueKey(orgId)}/letters/${encodeURIComponent(communicationId)}/pdf`);
}

/** Saving a channel (revalidates the settings) and printing a batch (revalidates the queue). */
function channelWrites({ orgId, mutate }: OrgWrites) {
  return {
    async saveChannel(channel: CommChannel, input: ChannelSettingInput): Promise<ChannelSetting> {
      const id = orgId();
      const saved = await api.put<ChannelSetting>(`${channelSettingsKey(id)}/${channel}`, input);
      await mutate(channelSettingsKey(id));
      return saved;
    },
    async createPrintBatch(): Promise<PrintBatch> {
      const id = orgId();
      const batch = await api.post<PrintBatch>(`${printQueueKey(id)}/batches`);
      await mutate(printQueueKey(id));
      return batch;
    },
  };
}

export function useChannelMutations() {
  return useOrgWrites(channelWrites);
}
