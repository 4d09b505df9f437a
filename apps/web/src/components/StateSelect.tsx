import { Select, type SelectProps } from 'antd';
import { US_STATES } from '@wallet/contract';

const options = US_STATES.map((state) => ({ value: state.value, label: state.label }));

/** The 50 US states and DC (PRODUCT.md §5), searchable by name. */
export function StateSelect(props: Omit<SelectProps<string>, 'options'>) {
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder="Select a state"
      options={options}
      {...props}
    />
  );
}
