import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { UI_TEXTS } from '@wallet/contract';

/** A section PRODUCT.md §2 marks as a placeholder. */
export function StillBuilding() {
  return <Result icon={<ToolOutlined aria-hidden />} title={UI_TEXTS.stillBuilding} />;
}
