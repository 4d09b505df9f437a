import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Tooltip, Typography } from 'antd';
import { MAX_NOTE_LENGTH, REVIEW_TEXTS } from '@wallet/contract';
import { useState } from 'react';

/**
 * A transaction's notes (its memo), edited in place by whoever may (Enter or the tick saves, Escape or the cross
 * cancels). `save` is the caller's mutation; a failed save keeps the editor open and the app's error notice says why.
 * `required`: Card Settings wants a memo here and there is none ("Memo required"); `lockedReason`: the transaction's
 * month is closed, so the edit button is disabled and its tooltip says why.
 */
export function EditableNote({
  notes,
  editable,
  save: saveNotes,
  saving,
  required = false,
  lockedReason,
}: {
  notes: string | null;
  editable: boolean;
  save: (notes: string | null, done: () => void) => void;
  saving: boolean;
  required?: boolean;
  lockedReason?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);

  if (draft === null) {
    const missing = required && !notes;
    const editButton = (
      <Button
        type="text"
        size="small"
        icon={<EditOutlined aria-hidden />}
        aria-label={notes ? 'Edit notes' : 'Add notes'}
        disabled={lockedReason !== undefined}
        onClick={() => setDraft(notes ?? '')}
      />
    );
    return (
      <Flex align="center" gap={4} style={{ minWidth: 0, maxWidth: 200 }}>
        <Typography.Text
          type={missing ? 'warning' : notes ? undefined : 'secondary'}
          ellipsis={{ tooltip: notes }}
          style={{ flex: 1, minWidth: 0 }}
        >
          {notes || (missing ? REVIEW_TEXTS.memoRequired : '—')}
        </Typography.Text>
        {editable && (lockedReason ? <Tooltip title={lockedReason}>{editButton}</Tooltip> : editButton)}
      </Flex>
    );
  }

  const save = () => {
    const next = draft.trim() || null;
    if (next === (notes || null)) {
      setDraft(null);
      return;
    }
    saveNotes(next, () => setDraft(null));
  };

  return (
    <Flex align="center" gap={4} style={{ minWidth: 200 }}>
      <Input
        size="small"
        autoFocus
        aria-label="Transaction notes"
        value={draft}
        maxLength={MAX_NOTE_LENGTH}
        disabled={saving}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
          if (event.key === 'Escape') setDraft(null);
        }}
      />
      <Button
        type="text"
        size="small"
        icon={<CheckOutlined aria-hidden />}
        aria-label="Save notes"
        loading={saving}
        onClick={save}
      />
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined aria-hidden />}
        aria-label="Cancel"
        disabled={saving}
        onClick={() => setDraft(null)}
      />
    </Flex>
  );
}
