import {
  type ContentForm,
  type ContentFormValue,
  checkContentDraft,
  type DraftCheck,
  type DraftContext,
  type FieldErrors,
} from '@devstay/shared/contracts/content';
import { useCallback, useMemo, useState } from 'react';

export type Draft = Record<string, unknown>;

/** A form's draft, the fields the person has changed, and whether a submit was tried. */
export interface DraftState {
  draft: Draft;
  touched: ReadonlySet<string>;
  submitted: boolean;
}

export interface DraftView<F extends ContentForm> {
  /** The shared schema's verdict on the whole draft, run on every change (spec §4, Forms). */
  check: DraftCheck<ContentFormValue<F>>;
  /** Messages to show now: of changed fields, or of all fields once a submit was tried. */
  visibleErrors: FieldErrors;
  /** Every required field filled and no error: the submit button is enabled. */
  canSubmit: boolean;
}

export function initialDraftState(draft: Draft): DraftState {
  return { draft, touched: new Set(), submitted: false };
}

/** A field's new value as a function of its current one (uploads finishing one by one). */
export type FieldUpdate = (current: unknown) => unknown;

export function setField(state: DraftState, field: string, value: unknown): DraftState {
  return updateField(state, field, () => value);
}

export function updateField(state: DraftState, field: string, update: FieldUpdate): DraftState {
  const value = update(state.draft[field]);
  const touched = new Set(state.touched).add(field);
  return { ...state, draft: { ...state.draft, [field]: value }, touched };
}

/** Several fields at once (a cascade resetting the pickers under the one changed). */
export function setFields(state: DraftState, values: Draft): DraftState {
  const touched = new Set(state.touched);
  for (const field of Object.keys(values)) touched.add(field);
  return { ...state, draft: { ...state.draft, ...values }, touched };
}

export function markSubmitted(state: DraftState): DraftState {
  return { ...state, submitted: true };
}

export function viewDraft<F extends ContentForm>(
  form: F,
  state: DraftState,
  context: DraftContext = {},
): DraftView<F> {
  const check = checkContentDraft(form, state.draft, context);
  const visibleErrors: FieldErrors = {};
  for (const [field, message] of Object.entries(check.errors)) {
    if (state.submitted || state.touched.has(field)) visibleErrors[field] = message;
  }
  return { check, visibleErrors, canSubmit: check.ok };
}

export interface ContentDraft<F extends ContentForm> extends DraftView<F> {
  draft: Draft;
  set: (field: string, value: unknown) => void;
  update: (field: string, update: FieldUpdate) => void;
  setMany: (values: Draft) => void;
  /** Start over from another record (a modify form's picker) or an empty form. */
  reset: (draft: Draft) => void;
  /** Shows every field's message (a submit of an invalid form). */
  showAll: () => void;
  /** Shows a message the server gave for one field (e.g. a 409 on the stock). */
  serverErrors: FieldErrors;
  setServerError: (field: string, message: string) => void;
}

/**
 * The state of one admin form (spec §4, Forms): a draft checked by the shared schema on every
 * change, its error map, and whether it may be submitted. `hotelTimeZone`: the zone of the
 * hotel an event form has chosen, once known (its dates run from that hotel's today).
 */
export function useContentDraft<F extends ContentForm>(
  form: F,
  initial: Draft,
  hotelTimeZone?: string,
): ContentDraft<F> {
  const [state, setState] = useState(() => initialDraftState(initial));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const view = useMemo(
    () => viewDraft(form, state, { hotelTimeZone }),
    [form, state, hotelTimeZone],
  );

  const update = useCallback((field: string, fn: FieldUpdate) => {
    setState((s) => updateField(s, field, fn));
    setServerErrors((errors) => withoutField(errors, field));
  }, []);
  const set = useCallback((field: string, value: unknown) => update(field, () => value), [update]);
  const setMany = useCallback((values: Draft) => {
    setState((s) => setFields(s, values));
    setServerErrors((errors) =>
      Object.keys(values).reduce((acc, field) => withoutField(acc, field), errors),
    );
  }, []);
  const reset = useCallback((draft: Draft) => {
    setState(initialDraftState(draft));
    setServerErrors({});
  }, []);
  const showAll = useCallback(() => setState(markSubmitted), []);
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
    update,
    setMany,
    reset,
    showAll,
    serverErrors,
    setServerError,
  };
}

function withoutField(errors: FieldErrors, field: string): FieldErrors {
  if (!(field in errors)) return errors;
  const { [field]: _, ...rest } = errors;
  return rest;
}
