import { useEffect, useState } from 'react';
import { postTemplatePreview, type TemplatePreview } from '../../api/templates';
import { ApiError } from '../../lib/api-client';
import { useCurrentOrgId } from '../../lib/auth';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export interface TemplatePreviewState {
  /** The text rendered for the example case; null until the first answer or while it cannot be rendered. */
  preview: TemplatePreview | null;
  isRendering: boolean;
  /** Why it cannot be rendered, e.g. 'Okänd variabel i mallen: kund'. */
  error: string | null;
}

/**
 * The editor's live preview: once typing pauses, the body and subject go to POST
 * /templates/preview and come back rendered for an example case by the same code that renders a
 * sent message, so an unknown variable is named here exactly as the save would refuse it.
 */
export function useTemplatePreview(body: string, subject: string | null): TemplatePreviewState {
  const orgId = useCurrentOrgId();
  const texts = useDebouncedValue(JSON.stringify([body, subject]), 350);
  const [state, setState] = useState<TemplatePreviewState>({ preview: null, isRendering: true, error: null });

  useEffect(() => {
    if (!orgId) return;
    const [bodyText, subjectText] = JSON.parse(texts) as [string, string | null];
    if (!bodyText.trim()) {
      setState({ preview: null, isRendering: false, error: null });
      return;
    }
    const controller = new AbortController();
    setState((current) => ({ ...current, isRendering: true }));
    postTemplatePreview(orgId, { body_md: bodyText, subject: subjectText }, controller.signal)
      .then((preview) => setState({ preview, isRendering: false, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ preview: null, isRendering: false, error: error instanceof ApiError ? error.message : 'Kunde inte förhandsvisa mallen' });
      });
    return () => controller.abort();
  }, [orgId, texts]);

  return state;
}
