import { Result } from 'antd';
import { MESSAGES } from '@wallet/contract';
import { paths } from '../paths';
import { ButtonLink } from './ButtonLink';

/** The catch-all page of PRODUCT.md §2. */
export function NotFoundPage() {
  return (
    <Result
      status="404"
      title={MESSAGES.notFoundPage}
      subTitle={MESSAGES.notFoundCode}
      extra={
        <ButtonLink type="primary" to={paths.dashboard}>
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
