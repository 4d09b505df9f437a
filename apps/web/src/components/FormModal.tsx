import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { showServerFieldErrors } from '../lib/form-errors';

/**
 * A dialog holding one vertical form: Save submits it (spinning while `saving`), Cancel closes it, and the form is
 * rebuilt each time it opens, so it starts from `initialValues` again.
 */
export function FormModal<Values>({
  title,
  open,
  onClose,
  form,
  name,
  initialValues,
  onFinish,
  saving,
  afterClose,
  children,
}: {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  form: FormInstance<Values>;
  /** The form's name: its fields' ids start with it. */
  name: string;
  initialValues: Partial<Values>;
  onFinish: (values: Values) => void;
  saving: boolean;
  /** Once it has faded out (what it shows may be let go then). */
  afterClose?: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      afterClose={afterClose}
    >
      <Form form={form} name={name} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
        {children}
      </Form>
    </Modal>
  );
}

/**
 * What a form dialog does with its save's answer: the server's message (or `fallback`) as a success notice and the
 * dialog closed; or the server's per-field errors on their fields (`fieldNames` maps the server's names to the form's).
 */
export function formSaveCallbacks<Values>(
  form: FormInstance<Values>,
  {
    notifySuccess,
    fallback,
    onClose,
    fieldNames,
  }: {
    notifySuccess: (message: string) => void;
    fallback: string;
    onClose: () => void;
    fieldNames?: Record<string, string>;
  },
) {
  return {
    onSuccess: ({ message }: { message?: string }) => {
      notifySuccess(message || fallback);
      onClose();
    },
    onError: (error: unknown) => showServerFieldErrors(form, error, fieldNames),
  };
}
