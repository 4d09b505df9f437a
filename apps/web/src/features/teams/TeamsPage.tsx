import { PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tabs, Typography } from 'antd';
import type { TeamResource, UserResource } from '@wallet/contract';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TabPanelFallback } from '../../components/TabPanelFallback';
import { useHasBeenTrue } from '../../lib/use-has-been-true';

// Each tab and drawer loads when first shown, so the page itself is quick to open.
const UsersTab = lazy(() => import('./users/UsersTab').then((m) => ({ default: m.UsersTab })));
const TeamsTab = lazy(() => import('./teams-list/TeamsTab').then((m) => ({ default: m.TeamsTab })));
const AddUserDrawer = lazy(() => import('./users/AddUserDrawer').then((m) => ({ default: m.AddUserDrawer })));
const CreateTeamDrawer = lazy(() =>
  import('./teams-list/CreateTeamDrawer').then((m) => ({ default: m.CreateTeamDrawer })),
);

const panel = (content: ReactNode) => <Suspense fallback={<TabPanelFallback />}>{content}</Suspense>;

type TabKey = 'users' | 'teams';
const ADD_USER_ACTION = 'addUser';

/** /teams (admin): All Users and Teams tabs (`tab`), `action=addUser` opens Add User (PRODUCT.md §2). */
export function TeamsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TabKey = searchParams.get('tab') === 'users' ? 'users' : 'teams';
  const addUserOpen = searchParams.get('action') === ADD_USER_ACTION;
  const [createTeamOpen, setCreateTeamOpen] = useState(false);
  const addUserMounted = useHasBeenTrue(addUserOpen);
  const createTeamMounted = useHasBeenTrue(createTeamOpen);
  // What was just added is shown first in its list (it may sort onto another page).
  const [addedUser, setAddedUser] = useState<UserResource>();
  const [createdTeam, setCreatedTeam] = useState<TeamResource>();

  const update = (change: (params: URLSearchParams) => void) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      },
      { replace: true },
    );
  const setTab = (key: string) =>
    update((params) => {
      params.set('tab', key);
      params.delete('user');
    });
  const setAddUserOpen = (open: boolean) =>
    update((params) => (open ? params.set('action', ADD_USER_ACTION) : params.delete('action')));

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 24, lineHeight: '32px', margin: 0 }}>
          Teams
        </Typography.Title>
        {tab === 'users' ? (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAddUserOpen(true)}>
            Invite New User
          </Button>
        ) : (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreateTeamOpen(true)}>
            Create New Team
          </Button>
        )}
      </Flex>
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'users', label: 'All Users', children: panel(<UsersTab added={addedUser} />) },
            { key: 'teams', label: 'Teams', children: panel(<TeamsTab created={createdTeam} />) },
          ]}
        />
      </Card>
      <Suspense fallback={null}>
        {addUserMounted && (
          <AddUserDrawer open={addUserOpen} onClose={() => setAddUserOpen(false)} onAdded={setAddedUser} />
        )}
        {createTeamMounted && (
          <CreateTeamDrawer open={createTeamOpen} onClose={() => setCreateTeamOpen(false)} onCreated={setCreatedTeam} />
        )}
      </Suspense>
    </>
  );
}
