import '@mantine/core/styles/Slider.layer.css';
import { Input, Slider } from '@mantine/core';
import { useId } from 'react';

interface SliderFieldProps {
  label: string;
  min: number;
  max: number;
  value: unknown;
  onChange: (value: number) => void;
  error?: string;
  /** Text after the number ('USD per night'), or its singular and plural ('room', 'rooms'). */
  unit?: string | readonly [one: string, other: string];
}

/** A whole number picked on a slider (product §5: stock 1–50, price 10–1000, qualification 1–5). */
export function SliderField({ label, min, max, value, onChange, error, unit }: SliderFieldProps) {
  const id = useId();
  const current = typeof value === 'number' ? value : min;
  const unitText = typeof unit === 'string' ? unit : unit?.[value === 1 ? 0 : 1];
  const shown = typeof value === 'number' ? `${value}${unitText ? ` ${unitText}` : ''}` : 'not set';
  return (
    <Input.Wrapper
      label={label}
      id={`${id}-label`}
      description={`${shown} (${min} to ${max})`}
      error={error}
      required
    >
      <Slider
        min={min}
        max={max}
        step={1}
        value={current}
        onChange={onChange}
        thumbLabel={label}
        label={null}
        marks={[
          { value: min, label: String(min) },
          { value: max, label: String(max) },
        ]}
        mt="xs"
        mb="lg"
        // Mantine names the wrapper's message `${wrapper id}-error`.
        aria-describedby={error ? `${id}-label-error` : undefined}
      />
    </Input.Wrapper>
  );
}
