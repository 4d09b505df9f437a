import { Flex, Select, Tag, Typography, type SelectProps } from 'antd';
import { useWalletUsers } from './api/get-users';

type CustomTagProps = Parameters<NonNullable<SelectProps['tagRender']>>[0];

interface Props extends Omit<SelectProps<number[]>, 'options' | 'mode'> {
  /** People not to offer (e.g. the team's members already). */
  exclude?: readonly number[];
  /** Number the chosen people in the order they were picked (an approval path). */
  ordered?: boolean;
}

/** A searchable multi-select of everyone holding a wallet role (one list of up to 200, PRODUCT.md §9). */
export function WalletUserSelect({ exclude = [], ordered = false, value, ...props }: Props) {
  const users = useWalletUsers();
  const options = (users.data?.data ?? [])
    .filter((user) => !exclude.includes(user.id))
    .map((user) => ({
      value: user.id,
      label: user.name,
      email: user.email,
    }));

  const tagRender = ({ label, value: tagValue, closable, onClose }: CustomTagProps) => {
    const position = (value ?? []).indexOf(tagValue as number) + 1;
    return (
      <Tag closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
        {ordered && position > 0 ? `${position}. ` : ''}
        {label}
      </Tag>
    );
  };

  return (
    <Select<number[]>
      mode="multiple"
      showSearch={{ optionFilterProp: ['label', 'email'] }}
      loading={users.isPending}
      placeholder="Search people by name or email"
      notFoundContent={users.isPending ? 'Loading…' : 'No one found'}
      options={options}
      value={value}
      tagRender={tagRender}
      optionRender={(option) => (
        <Flex vertical>
          <span>{option.data.label}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {option.data.email}
          </Typography.Text>
        </Flex>
      )}
      {...props}
    />
  );
}
