import type { ContentForm } from '@devstay/shared/contracts/content';
import { CONTENT_MESSAGES } from '@devstay/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { refreshContent, saveContent } from '../api/content-api.ts';
import { describeSaveFailure, FORM_TEXTS } from '../utils/form-texts.ts';
import type { ContentDraft } from './use-content-draft.ts';

const TOAST_ID = 'content-form';

/**
 * Submitting a form (product §4, Forms, with the server waited for): an invalid draft shows every
 * message and 'Check the fields'; a valid one is posted or put, and only once the server has
 * stored it does the success toast appear and the staff member go back to `formsPage` (where
 * the next edit starts, rather than the public list), with every screen's content read again.
 * A failure keeps the draft and says why.
 */
export function useSaveContent<F extends ContentForm>(
  form: F,
  draft: ContentDraft<F>,
  formsPage: string,
) {
  const texts = FORM_TEXTS[form];
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [stale, setStale] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: unknown) => saveContent(texts.kind, texts.method, body),
  });

  const submit = () => {
    if (!draft.check.ok) {
      draft.showAll();
      notifyError(CONTENT_MESSAGES.checkFields, undefined, TOAST_ID);
      return;
    }
    setStale(null);
    mutation.mutate(draft.check.value, {
      onSuccess: () => {
        void refreshContent(queryClient);
        notifySuccess(texts.success, TOAST_ID);
        navigate(formsPage);
      },
      onError: (error) => {
        const failure = describeSaveFailure(texts, error);
        notifyError(failure.message, failure.title, TOAST_ID);
        if (failure.stale) setStale(failure.message);
        const field = failure.field?.split('.')[0];
        if (field && field !== 'version') draft.setServerError(field, failure.message);
      },
    });
  };

  return { submit, saving: mutation.isPending, stale };
}
