import { capitalize } from '@devstay/shared/text';
import type { ChangeEvent } from 'react';
import type { ContentDraft } from '../hooks/use-content-draft.ts';

// biome-ignore lint/suspicious/noExplicitAny: any form's draft
type AnyDraft = ContentDraft<any>;

/** Value, change handler and message of a text input bound to a draft field. */
export function textField(draft: AnyDraft, field: string) {
  const value = draft.draft[field];
  return {
    value: typeof value === 'string' ? value : '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      draft.set(field, event.currentTarget.value),
    error: draft.visibleErrors[field],
  };
}

/** A name field: stored lower-cased, shown capitalised (spec §3) once the person leaves it. */
export function nameField(draft: AnyDraft, field: string) {
  return {
    ...textField(draft, field),
    onBlur: () => {
      const value = draft.draft[field];
      if (typeof value === 'string' && value !== capitalize(value)) {
        draft.set(field, capitalize(value));
      }
    },
  };
}

/** A description with its limit shown as a count (spec §5: 500 for rooms, 1000 for others). */
export function descriptionField(draft: AnyDraft, field: string, max: number) {
  const props = textField(draft, field);
  return { ...props, description: `${props.value.length} / ${max} characters` };
}
