// The form kit's state: the values as typed, a message per field (the form's own checks and the
// server's refusals), and the submit in flight. Every form of the app keeps its fields, its
// checks and what it sends; this is the rest, in one place.
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useToast, type ToastInput } from '../components/toast';
import { hasErrors, serverFieldErrors, withoutErrors, type FieldErrors } from './form-errors';

/** The fields whose value is text (typed, or one of a select's values). */
export type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface FormOptions<V> {
  /** The form's own checks: a message per field; nothing is sent while there is one. */
  validate?(values: V): FieldErrors;
  /** Sends the form (`intent` names the button of a form with more than one); toasts its success. */
  submit(values: V, intent: string): Promise<void>;
  /**
   * What a refusal toasts: its title ('Fel vid sparande'), or the whole toast from the error.
   * Left out only where the caller of `submit` toasts its own failures (ConfirmDialog).
   */
  failure?: string | ((error: unknown) => ToastInput);
  /** API field paths the form names otherwise ('contact_json.email' → 'contact_email'). */
  serverFields?: Partial<Record<string, keyof V & string>>;
  /** After the form's own checks refused (e.g. focus the field). */
  onInvalid?(errors: FieldErrors): void;
  /** After a refusal has been shown (e.g. read again what changed meanwhile). */
  onFailure?(error: unknown): void;
}

export interface Form<V> {
  values: V;
  errors: FieldErrors<keyof V & string>;
  /** The intent of the submit in flight ('submit' for the form's own button), or null. */
  pending: string | null;
  isSubmitting: boolean;
  /** Changes values; their messages go (the person is fixing them). */
  set(change: Partial<V>): void;
  setErrors(errors: FieldErrors): void;
  /** Starts over from `values` (saved, or the last saved again), without messages. */
  reset(values: V): void;
  /** A text field's binding (FormField): value, onChange and error; `normalise` e.g. upper-cases. */
  text(field: TextField<V>, normalise?: (text: string) => string): { value: string; onChange(event: ChangeEvent<HTMLInputElement>): void; error?: string };
  /** A field that reports its text (MoneyInput, DateInput, SelectField, TextAreaField). */
  input(field: TextField<V>, normalise?: (text: string) => string): { value: string; onValueChange(text: string): void; error?: string };
  /** The `<form onSubmit>`. */
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** Checks and sends; a second submit while one is in flight does nothing. */
  submit(intent?: string): Promise<void>;
}

export function useForm<V extends object>(initial: V | (() => V), options: FormOptions<V>): Form<V> {
  const { toast } = useToast();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrorState] = useState<FieldErrors<keyof V & string>>({});
  const [pending, setPending] = useState<string | null>(null);
  // A second submit in the same tick sees no re-render yet; the ref stops it before the network.
  const inFlight = useRef(false);

  const set = (change: Partial<V>) => {
    setValues((current) => ({ ...current, ...change }));
    setErrorState((current) => withoutErrors(current, Object.keys(change)));
  };
  const setText = (field: TextField<V>, normalise?: (text: string) => string) => (text: string) =>
    set({ [field]: normalise ? normalise(text) : text } as Partial<V>);

  const submit = async (intent = 'submit') => {
    if (inFlight.current) return;
    const problems = options.validate?.(values) ?? {};
    setErrorState(problems);
    if (hasErrors(problems)) {
      options.onInvalid?.(problems);
      return;
    }
    inFlight.current = true;
    setPending(intent);
    try {
      await options.submit(values, intent);
    } catch (error) {
      const fields = Object.keys(values) as (keyof V & string)[];
      setErrorState(serverFieldErrors(error, fields, options.serverFields));
      const { failure } = options;
      if (typeof failure === 'function') toast(failure(error));
      else if (failure !== undefined) toast({ title: failure, description: (error as Error).message, variant: 'destructive' });
      options.onFailure?.(error);
    } finally {
      inFlight.current = false;
      setPending(null);
    }
  };

  return {
    values,
    errors,
    pending,
    isSubmitting: pending !== null,
    set,
    setErrors: setErrorState,
    reset: (next) => {
      setValues(next);
      setErrorState({});
    },
    text: (field, normalise) => ({ value: values[field] as string, onChange: (event) => setText(field, normalise)(event.target.value), error: errors[field] }),
    input: (field, normalise) => ({ value: values[field] as string, onValueChange: setText(field, normalise), error: errors[field] }),
    onSubmit: (event) => {
      event.preventDefault();
      void submit();
    },
    submit,
  };
}
