import { MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';

export interface RowAction {
  key: string;
  label: string;
  onClick: () => void | Promise<unknown>;
  disabled?: boolean;
  danger?: boolean;
  /** Asks first, with this question (e.g. PRODUCT.md §2 'Are you sure to delete this purchase request?'). */
  confirm?: string;
}

/** A row's actions behind one compact button, so the column stays narrow and in view on small screens. */
export function RowActions({ label, actions }: { label: string; actions: RowAction[] }) {
  const { modal } = App.useApp();
  const items: MenuProps['items'] = actions.map((action) => ({
    key: action.key,
    label: action.label,
    danger: action.danger,
    disabled: action.disabled,
    onClick: () => {
      if (!action.confirm) {
        void action.onClick();
        return;
      }
      modal.confirm({
        title: action.confirm,
        okText: 'Yes',
        cancelText: 'No',
        okButtonProps: { danger: action.danger },
        onOk: action.onClick,
      });
    },
  }));
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" autoFocus>
      <Button type="text" icon={<MoreOutlined aria-hidden />} aria-label={label} />
    </Dropdown>
  );
}
