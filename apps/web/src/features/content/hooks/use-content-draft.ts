import {
  type ContentForm,
  type ContentFormInput,
  type ContentFormValue,
  checkContentDraft,
  type DraftCheck,
  type DraftContext,
  type FieldErrors,
} from '@devstay/shared/contracts/content';
import { useCallback, useMemo, useState } from 'react';

/**
 * A form's draft: every field of its contract (what the form sends), each possibly not chosen
 * yet (null). Typed from the shared schema, so a field name the contract lacks does not compile.
 * Distributes over a union of forms: a form serving create and modify names their common fields.
 */
export type Draft<F extends ContentForm> = F extends ContentForm
  ? { [K in keyof ContentFormInput<F>]-?: ContentFormInput<F>[K] | null }
  : never;

/** A field of form `F`'s draft. */
export type DraftField<F extends ContentForm> = keyof Draft<F> & string;

/** A form's draft, the fields the person has changed, and whether a submit was tried. */
interface DraftState<D extends object> {
  draft: D;
  touched: ReadonlySet<keyof D>;
  submitted: boolean;
}

interface DraftView<F extends ContentForm> {
  /** The shared schema's verdict on the whole draft, run on every change (product §4, Forms). */
  check: DraftCheck<ContentFormValue<F>>;
  /** Messages to show now: of changed fields, or of all fields once a submit was tried. */
  visibleErrors: FieldErrors;
  /** Every required field filled and no error: the submit button is enabled. */
  canSubmit: boolean;
}

/** @internal */
export function initialDraftState<D extends object>(draft: D): DraftState<D> {
  return { draft, touched: new Set(), submitted: false };
}

/** A field's new value as a function of its current one (uploads finishing one by one). */
type FieldUpdate<V> = (current: V) => V;

/** @internal */
export function setField<D extends object, K extends keyof D>(
  state: DraftState<D>,
  field: K,
  value: D[K],
): DraftState<D> {
  return updateField(state, field, () => value);
}

/** @internal */
export function updateField<D extends object, K extends keyof D>(
  state: DraftState<D>,
  field: K,
  update: FieldUpdate<D[K]>,
): DraftState<D> {
  const value = update(state.draft[field]);
  const touched = new Set(state.touched).add(field);
  return { ...state, draft: { ...state.draft, [field]: value }, touched };
}

/**
 * Several fields at once (a cascade resetting the pickers under the one changed).
 * @internal
 */
export function setFields<D extends object>(
  state: DraftState<D>,
  values: Partial<D>,
): DraftState<D> {
  const touched = new Set(state.touched);
  for (const field of Object.keys(values)) touched.add(field as keyof D);
  return { ...state, draft: { ...state.draft, ...values }, touched };
}

/** @internal */
export function markSubmitted<D extends object>(state: DraftState<D>): DraftState<D> {
  return { ...state, submitted: true };
}

/** @internal */
export function viewDraft<F extends ContentForm, D extends object>(
  form: F,
  state: DraftState<D>,
  context: DraftContext = {},
): DraftView<F> {
  const check = checkContentDraft(form, state.draft, context);
  const touched: ReadonlySet<unknown> = state.touched;
  const visibleErrors: FieldErrors = {};
  for (const [field, message] of Object.entries(check.errors)) {
    if (state.submitted || touched.has(field)) visibleErrors[field] = message;
  }
  return { check, visibleErrors, canSubmit: check.ok };
}

export interface ContentDraft<F extends ContentForm> extends DraftView<F> {
  form: F;
  draft: Draft<F>;
  set: <K extends DraftField<F>>(field: K, value: Draft<F>[K]) => void;
  update: <K extends DraftField<F>>(field: K, update: FieldUpdate<Draft<F>[K]>) => void;
  setMany: (values: Partial<Draft<F>>) => void;
  /** Start over from another record (a modify form's picker) or an empty form. */
  reset: (draft: Draft<F>) => void;
  /** Shows every field's message (a submit of an invalid form). */
  showAll: () => void;
  /** Shows a message the server gave for one field (e.g. a 409 on the stock). */
  serverErrors: FieldErrors;
  setServerError: (field: string, message: string) => void;
}

/**
 * The state of one admin form (product §4, Forms): a draft checked by the shared schema on every
 * change, its error map, and whether it may be submitted. `hotelTimeZone`: the zone of the
 * hotel an event form has chosen, once known (its dates run from that hotel's today).
 */
export function useContentDraft<F extends ContentForm>(
  form: F,
  initial: Draft<F>,
  hotelTimeZone?: string,
): ContentDraft<F> {
  const [state, setState] = useState(() => initialDraftState(initial));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const view = useMemo(
    () => viewDraft(form, state, { hotelTimeZone }),
    [form, state, hotelTimeZone],
  );

  const update = useCallback(<K extends DraftField<F>>(field: K, fn: FieldUpdate<Draft<F>[K]>) => {
    setState((s) => updateField(s, field, fn));
    setServerErrors((errors) => withoutField(errors, field));
  }, []);
  const set = useCallback(
    <K extends DraftField<F>>(field: K, value: Draft<F>[K]) => update(field, () => value),
    [update],
  );
  const setMany = useCallback((values: Partial<Draft<F>>) => {
    setState((s) => setFields(s, values));
    setServerErrors((errors) =>
      Object.keys(values).reduce((acc, field) => withoutField(acc, field), errors),
    );
  }, []);
  const reset = useCallback((draft: Draft<F>) => {
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
    form,
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
