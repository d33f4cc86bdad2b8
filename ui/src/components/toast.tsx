// A small toast system on Radix Themes: Callouts stacked in the bottom-right corner that close by
// themselves after 5 s (the notification component's default of spec part 1 §9).
import { CheckCircledIcon, Cross2Icon, CrossCircledIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Box, Callout, Flex, IconButton, Text, Theme } from '@radix-ui/themes';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself (default 5000). */
  duration?: number;
}

interface ToastItem extends ToastInput {
  id: number;
}

interface ToastContextValue {
  toast(input: ToastInput): void;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastContextValue | null>(null);
const DEFAULT_DURATION_MS = 5000;
const MAX_VISIBLE = 4;

const TOAST_VIEWPORT_CLASS = 'toast-viewport';
const TOAST_CLASS = 'toast';

/**
 * For a dialog's `onInteractOutside`: closing a toast is not a click outside the dialog, so the
 * form (and the number typed into its search) stays. The dialog may ask after the toast has
 * left the document (its close button removed it), so the toast itself is looked for as well.
 */
export function keepDialogOpenForToasts(event: { target: EventTarget | null; preventDefault(): void }): void {
  if (event.target instanceof Element && event.target.closest(`.${TOAST_VIEWPORT_CLASS}, .${TOAST_CLASS}`)) event.preventDefault();
}

const VARIANT_STYLE = {
  default: { color: 'gray', Icon: InfoCircledIcon },
  success: { color: 'green', Icon: CheckCircledIcon },
  destructive: { color: 'red', Icon: CrossCircledIcon },
} as const;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((item) => item.id !== id));
  }, []);

  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    // A success means the user got past what failed: an earlier error toast would now mislead.
    setToasts((current) =>
      [...(input.variant === 'success' ? current.filter((item) => item.variant !== 'destructive') : current), { ...input, id }].slice(-MAX_VISIBLE),
    );
  }, []);

  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* In <body>, outside the root theme's stacking context, so a toast from an open dialog
          ('Kunde inte söka', 'Fel vid skapande') shows above the dialog's overlay. */}
      {createPortal(
        <Theme>
          <Flex direction="column" gap="2" className={TOAST_VIEWPORT_CLASS} role="region" aria-label="Aviseringar" aria-live="polite">
            {toasts.map((item) => (
              <ToastCard key={item.id} item={item} onDismiss={dismiss} />
            ))}
          </Flex>
        </Theme>,
        document.body,
      )}
    </ToastContext.Provider>
  );
}

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const { color, Icon } = VARIANT_STYLE[item.variant ?? 'default'];
  const [isPaused, setIsPaused] = useState(false);
  const onClose = () => onDismiss(item.id);

  // Hovering keeps the toast open; leaving starts the full time again.
  useEffect(() => {
    if (isPaused) return;
    const timer = window.setTimeout(() => onDismiss(item.id), item.duration ?? DEFAULT_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [isPaused, item.id, item.duration, onDismiss]);

  return (
    <Box
      className={TOAST_CLASS}
      role={item.variant === 'destructive' ? 'alert' : 'status'}
      data-variant={item.variant ?? 'default'}
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
    >
      <Callout.Root color={color} variant="surface" size="2" className="toast-callout">
        <Callout.Icon>
          <Icon />
        </Callout.Icon>
        <Flex align="start" justify="between" gap="3" width="100%">
          <Flex direction="column" gap="1">
            <Text as="p" size="2" weight="bold" highContrast>
              {item.title}
            </Text>
            {item.description ? (
              <Text as="p" size="2">
                {item.description}
              </Text>
            ) : null}
          </Flex>
          <IconButton size="1" variant="ghost" color="gray" aria-label="Stäng" onClick={onClose}>
            <Cross2Icon />
          </IconButton>
        </Flex>
      </Callout.Root>
    </Box>
  );
}

/** `const { toast } = useToast(); toast({ title: 'Sparat', variant: 'success' })`. */
export function useToast(): ToastContextValue {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>');
  return context;
}

/** Shows a destructive toast once each time `error` turns up (e.g. a failed SWR load). */
export function useErrorToast(error: Error | undefined, title: string): void {
  const { toast } = useToast();
  useEffect(() => {
    if (error) toast({ title, description: error.message, variant: 'destructive' });
  }, [error, title, toast]);
}
