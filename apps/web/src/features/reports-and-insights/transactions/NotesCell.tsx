import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography } from 'antd';
import { MAX_NOTE_LENGTH } from '@wallet/contract';
import { useState } from 'react';
import { useUpdateExpenseNotes } from '../api/expenses';

/**
 * A transaction's notes; admins edit them in place (Enter or the tick saves, Escape or the cross cancels). A failed
 * save keeps the editor open; the app's error notice says why.
 */
export function NotesCell({
  expenseId,
  notes,
  editable,
}: {
  expenseId: number;
  notes: string | null;
  editable: boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateExpenseNotes();

  if (draft === null) {
    return (
      <Flex align="center" gap={4} style={{ minWidth: 0, maxWidth: 200 }}>
        <Typography.Text
          type={notes ? undefined : 'secondary'}
          ellipsis={{ tooltip: notes }}
          style={{ flex: 1, minWidth: 0 }}
        >
          {notes || '—'}
        </Typography.Text>
        {editable && (
          <Button
            type="text"
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={notes ? 'Edit notes' : 'Add notes'}
            onClick={() => setDraft(notes ?? '')}
          />
        )}
      </Flex>
    );
  }

  const save = () => {
    const next = draft.trim() || null;
    if (next === (notes || null)) {
      setDraft(null);
      return;
    }
    update.mutate({ id: expenseId, notes: next }, { onSuccess: () => setDraft(null) });
  };

  return (
    <Flex align="center" gap={4} style={{ minWidth: 200 }}>
      <Input
        size="small"
        autoFocus
        aria-label="Transaction notes"
        value={draft}
        maxLength={MAX_NOTE_LENGTH}
        disabled={update.isPending}
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
        loading={update.isPending}
        onClick={save}
      />
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined aria-hidden />}
        aria-label="Cancel"
        disabled={update.isPending}
        onClick={() => setDraft(null)}
      />
    </Flex>
  );
}
