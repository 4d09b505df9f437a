import { Flex } from 'antd';
import { RankedBreakdownTab } from '../breakdowns/RankedBreakdownTab';
import { CategoryGlCodesCard } from './CategoryGlCodesCard';

/** Categories: spending ranked by category, then each category's GL code (issue 21.7), which admins edit here. */
export function CategoriesTab({ limit }: { limit: number }) {
  return (
    <Flex vertical gap={16}>
      <RankedBreakdownTab
        kind="categories"
        noun="Category"
        plural="Categories"
        title="Spending by Category"
        limit={limit}
        emptyText="No spending in this range"
      />
      <CategoryGlCodesCard />
    </Flex>
  );
}
