import { Drawer, type DrawerProps } from 'antd';
import { useIsMobile } from '../lib/use-media-query';

/** A right-hand drawer: `width` wide on larger screens, the full width on phones. */
export function ResponsiveDrawer({
  width = 560,
  ...props
}: Omit<DrawerProps, 'size' | 'placement'> & { width?: number }) {
  const isMobile = useIsMobile();
  return <Drawer placement="right" size={isMobile ? '100%' : width} destroyOnHidden {...props} />;
}
