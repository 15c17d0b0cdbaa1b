import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import { paths } from '@devstay/shared/paths';
import { Anchor, Button, Container, Divider, List, Stack, Text, Title } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';

/** A block of a text page: paragraphs, then an optional bullet list. */
interface DocumentSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

interface LegalDocumentProps {
  title: string;
  intro: string;
  updated?: string;
  sections: DocumentSection[];
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** About, terms and privacy: a readable document with a table of contents and Go Login. */
export function LegalDocument({ title, intro, updated, sections }: LegalDocumentProps) {
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <PageTitle>{title}</PageTitle>
        {updated ? (
          <Text size="sm" c="dimmed">
            Last updated: {updated}
          </Text>
        ) : null}
        <Text size="lg">{intro}</Text>
        {sections.length > 4 ? (
          <nav aria-label="Contents">
            <Text fw={700} mb={4}>
              Contents
            </Text>
            <List type="ordered" spacing={2}>
              {sections.map((section) => (
                <List.Item key={section.heading}>
                  <Anchor href={`#${slug(section.heading)}`}>{section.heading}</Anchor>
                </List.Item>
              ))}
            </List>
          </nav>
        ) : null}
        <Divider />
        {sections.map((section) => (
          <section key={section.heading} aria-labelledby={slug(section.heading)}>
            <Title order={2} size="h3" id={slug(section.heading)} mb="xs">
              {section.heading}
            </Title>
            <Stack gap="xs">
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph}>{paragraph}</Text>
              ))}
              {section.list ? (
                <List spacing={4}>
                  {section.list.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              ) : null}
            </Stack>
          </section>
        ))}
        <Divider />
        <div>
          <Button
            component={Link}
            to={paths.login}
            size="md"
            leftSection={<IconLogin2 size={20} aria-hidden="true" />}
          >
            Go Login
          </Button>
        </div>
      </Stack>
    </Container>
  );
}
