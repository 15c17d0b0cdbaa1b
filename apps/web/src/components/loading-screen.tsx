import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner with a text that screen readers announce. */
export function LoadingScreen({ text }: { text: string }) {
  return (
    <Center py="xl" mih={240}>
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        <Text fw={500}>{text}</Text>
      </Stack>
    </Center>
  );
}
