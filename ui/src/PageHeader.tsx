import { Typography } from 'antd';

/** The title and one-line purpose every page starts with. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
    </>
  );
}
