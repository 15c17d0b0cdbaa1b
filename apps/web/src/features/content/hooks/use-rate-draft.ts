import { type FieldErrors, fieldErrors } from '@devstay/shared/contracts/content';
import { rateCreateBody, rateModifyBody } from '@devstay/shared/contracts/rates';
import { useCallback, useMemo, useState } from 'react';
import { type RateDraft, type RateField, rateBody } from '../utils/rate-rules.ts';

export interface RateDraftState {
  draft: RateDraft;
  touched: ReadonlySet<RateField>;
  submitted: boolean;
}

export interface RateDraftView {
  /** The shared schema's parse of what the form sends, or null while it fails. */
  value: unknown;
  /** Messages to show now: of changed fields, or of all once a submit was tried. */
  visibleErrors: FieldErrors;
  canSubmit: boolean;
}

/**
 * The rule form's draft checked by the API's own schema (`rateCreateBody`, or `rateModifyBody`
 * for a loaded rule) on every change, so the form and the server say the same thing; messages
 * show once a field was changed or a submit was tried, as in the other content forms.
 * @internal
 */
export function viewRateDraft(state: RateDraftState): RateDraftView {
  const schema = state.draft.id === null ? rateCreateBody : rateModifyBody;
  const body = rateBody(state.draft);
  const parsed = schema.safeParse(body);
  const errors = parsed.success ? {} : fieldErrors(schema, body);
  const visibleErrors: FieldErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if (state.submitted || state.touched.has(field as RateField)) visibleErrors[field] = message;
  }
  return { value: parsed.success ? parsed.data : null, visibleErrors, canSubmit: parsed.success };
}

export function useRateDraft(initial: RateDraft) {
  const [state, setState] = useState<RateDraftState>(() => ({
    draft: initial,
    touched: new Set(),
    submitted: false,
  }));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const view = useMemo(() => viewRateDraft(state), [state]);

  const set = useCallback(<K extends RateField>(field: K, value: RateDraft[K]) => {
    setState((s) => ({
      ...s,
      draft: { ...s.draft, [field]: value },
      touched: new Set(s.touched).add(field),
    }));
    setServerErrors((errors) => {
      if (!(field in errors)) return errors;
      const { [field]: _, ...rest } = errors;
      return rest;
    });
  }, []);
  const showAll = useCallback(() => setState((s) => ({ ...s, submitted: true })), []);
  const setServerError = useCallback(
    (field: string, message: string) =>
      setServerErrors((errors) => ({ ...errors, [field]: message })),
    [],
  );

  return {
    ...view,
    visibleErrors: { ...serverErrors, ...view.visibleErrors },
    draft: state.draft,
    set,
    showAll,
    setServerError,
  };
}
