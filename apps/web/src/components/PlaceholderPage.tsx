import { Card, Empty } from 'antd';
import { PageTitle } from './PageTitle';

/** Frame of a page whose content a later issue builds: its heading and an empty state. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Card>
        <Empty description="Nothing here yet" />
      </Card>
    </>
  );
}
