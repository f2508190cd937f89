/**
 * "Export crate…" in the library tab and "Export this cart…" in the cart tab: a button only, so the
 * popup's first paint carries none of the export code; the dialog and its file formats load when
 * it is pressed. The dialog opens over the list (a sheet at the popup's foot), and the button stays
 * where it was: nothing under it moves, and the first library row stays in view.
 */
import type { ComponentType } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { CrateExportDialogProps } from './crate-export-dialog.tsx';

export function CrateExportButton({
  label,
  disabled = false,
  ...source
}: Omit<CrateExportDialogProps, 'onClose'> & { label: string; disabled?: boolean }) {
  const [Dialog, setDialog] = useState<ComponentType<CrateExportDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  async function show() {
    if (!Dialog) {
      const loaded = await import('./crate-export-dialog.tsx');
      setDialog(() => loaded.CrateExportDialog);
    }
    setOpen(true);
  }

  function close() {
    setOpen(false);
    opener.current?.focus();
  }

  return (
    <>
      <button
        type="button"
        class="crate-export-open"
        ref={opener}
        disabled={disabled}
        aria-expanded={open}
        onClick={() => void show()}
      >
        {label}
      </button>
      {open && Dialog && <Dialog {...source} onClose={close} />}
    </>
  );
}
