import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { toAppError } from './api/call';

/** Shows a core error as a readable message: a title from its code, the core's own message. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  const e = toAppError(error);
  return (
    <Alert
      type="error"
      showIcon
      data-testid="error"
      title={t(`error.${e.code}`, { defaultValue: t('error.title') })}
      description={e.message}
      action={onRetry ? <Button size="small" onClick={onRetry}>{t('error.retry')}</Button> : undefined}
    />
  );
}
