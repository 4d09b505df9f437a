import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { GL_CODE_MAX, GL_CODE_TEXTS, glCodeSchema } from '@wallet/contract';
import { FormModal } from '../../../components/FormModal';
import { LoadFailed } from '../../../components/LoadFailed';
import { TableLoading } from '../../../components/TableLoading';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useCategoriesWithGlCodes, useSaveGlCode, type CategoryWithGlCode } from './api';

const glCodeRules = [zodRule(glCodeSchema)];

/**
 * The GL code of one category, in a small dialog: saved with PUT /api/wallet-categories/{id}; empty clears it. The
 * category stays while the dialog fades out, so it keeps its title to the end.
 */
function GlCodeModal({
  category,
  open,
  onClose,
  afterClose,
}: {
  category: CategoryWithGlCode | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const [form] = Form.useForm<{ gl_code: string }>();
  const save = useSaveGlCode();
  const notifySuccess = useNotifySuccess();
  return (
    <FormModal
      title={category ? GL_CODE_TEXTS.edit(category.name) : ''}
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      form={form}
      name="categoryGlCode"
      initialValues={{ gl_code: category?.gl_code ?? '' }}
      onFinish={({ gl_code }) =>
        category &&
        save.mutate(
          { category, glCode: gl_code.trim() },
          {
            onSuccess: () => {
              notifySuccess(GL_CODE_TEXTS.saved, category.name);
              onClose();
            },
            onError: (error) => showServerFieldErrors(form, error),
          },
        )
      }
      saving={save.isPending}
    >
      {category && (
        <Form.Item
          name="gl_code"
          label={GL_CODE_TEXTS.inputLabel(category.name)}
          rules={glCodeRules}
          extra={GL_CODE_TEXTS.intro}
        >
          <Input autoFocus maxLength={GL_CODE_MAX} placeholder={GL_CODE_TEXTS.placeholder} autoComplete="off" />
        </Form.Item>
      )}
    </FormModal>
  );
}

/** The categories and the general-ledger account each books to (issue 21.7), editable by admins. */
export function CategoryGlCodesCard() {
  const categories = useCategoriesWithGlCodes();
  const [editing, setEditing] = useState<CategoryWithGlCode | null>(null);
  const [open, setOpen] = useState(false);
  const columns: TableColumnsType<CategoryWithGlCode> = [
    { title: 'Category', dataIndex: 'name', key: 'name' },
    {
      title: GL_CODE_TEXTS.column,
      key: 'gl_code',
      render: (_, row) => row.gl_code ?? <Typography.Text type="secondary">{GL_CODE_TEXTS.none}</Typography.Text>,
    },
    {
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      key: 'edit',
      align: 'right',
      width: 56,
      render: (_, row) => (
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={GL_CODE_TEXTS.edit(row.name)}
          title={GL_CODE_TEXTS.edit(row.name)}
          onClick={() => {
            setEditing(row);
            setOpen(true);
          }}
        />
      ),
    },
  ];
  let emptyText;
  if (categories.isPending) emptyText = <TableLoading rows={6} />;
  else if (categories.isError)
    emptyText = <LoadFailed height={200} onRetry={() => void categories.refetch()} what="the categories" />;
  else emptyText = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={GL_CODE_TEXTS.empty} />;

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>{GL_CODE_TEXTS.title}</h2>}>
      <Typography.Paragraph type="secondary">{GL_CODE_TEXTS.intro}</Typography.Paragraph>
      <Table<CategoryWithGlCode>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={categories.data ?? []}
        pagination={false}
        locale={{ emptyText }}
      />
      <GlCodeModal category={editing} open={open} onClose={() => setOpen(false)} afterClose={() => setEditing(null)} />
    </Card>
  );
}
