import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tabs, Typography } from 'antd';
import { REQUEST_TABS, REQUEST_TEXTS, isAdmin, type RequestTabKey } from '@wallet/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/session';
import { RequestDetailsDrawer } from './request-details/RequestDetailsDrawer';
import { RequestFormDrawer } from './request-form/RequestFormDrawer';
import { RecurringTab } from './requests-list/RecurringTab';
import { RequestsTab } from './requests-list/RequestsTab';

const ADD_REQUEST_ACTION = 'addRequest';
const MEMBER_TABS: RequestTabKey[] = ['pending', 'myRequest', 'myRecurringRequest'];
const ADMIN_TABS: RequestTabKey[] = [...MEMBER_TABS, 'allRequest', 'allRecurringRequest'];

/** A drawer that keeps what it shows while it closes. */
interface DrawerState {
  open: boolean;
  id?: number;
}

function positiveId(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * /requests (PRODUCT.md §2): Add Request (also ?action=addRequest, with ?card_id= chosen up front); the tabs Pending
 * Request (default), My Request, My Recurring Request, and for admins All Request and All Recurring Request (`tab`).
 */
export function RequestsPage() {
  const me = useCurrentUser();
  const tabs = isAdmin(me.roles) ? ADMIN_TABS : MEMBER_TABS;
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab') as RequestTabKey | null;
  const tab: RequestTabKey = requestedTab && tabs.includes(requestedTab) ? requestedTab : 'pending';
  const addOpen = searchParams.get('action') === ADD_REQUEST_ACTION;
  const initialCardId = positiveId(searchParams.get('card_id'));
  const [details, setDetails] = useState<DrawerState>({ open: false });
  const [edit, setEdit] = useState<DrawerState>({ open: false });

  const update = (change: (params: URLSearchParams) => void) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      },
      { replace: true },
    );
  const setTab = (key: string) => update((params) => params.set('tab', key));
  const setAddOpen = (open: boolean) =>
    update((params) => {
      if (open) params.set('action', ADD_REQUEST_ACTION);
      else {
        params.delete('action');
        params.delete('card_id');
      }
    });

  const view = (id: number) => setDetails({ open: true, id });
  const startEdit = (id: number) => {
    setDetails((previous) => ({ ...previous, open: false }));
    setEdit({ open: true, id });
  };

  const panel = (key: RequestTabKey) => {
    if (key === 'myRecurringRequest' || key === 'allRecurringRequest') return <RecurringTab kind={key} onView={view} />;
    return <RequestsTab kind={key} onView={view} onEdit={startEdit} />;
  };

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 24, lineHeight: '32px', margin: 0 }}>
          {REQUEST_TEXTS.pageTitle}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAddOpen(true)}>
          {REQUEST_TEXTS.addRequest}
        </Button>
      </Flex>
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={tabs.map((key) => ({ key, label: REQUEST_TABS[key], children: panel(key) }))}
        />
      </Card>
      <RequestFormDrawer open={addOpen} onClose={() => setAddOpen(false)} initialCardId={initialCardId} />
      {edit.id !== undefined && (
        <RequestFormDrawer
          open={edit.open}
          requestId={edit.id}
          onClose={() => setEdit((previous) => ({ ...previous, open: false }))}
        />
      )}
      <RequestDetailsDrawer
        open={details.open}
        requestId={details.id}
        onClose={() => setDetails((previous) => ({ ...previous, open: false }))}
        onEdit={startEdit}
      />
    </>
  );
}
