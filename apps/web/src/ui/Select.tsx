import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from './cn';

export interface SelectOption<Value extends string = string> {
  value: Value;
  label: string;
}

interface SelectProps<Value extends string> {
  value: Value;
  onValueChange: (value: Value) => void;
  options: readonly SelectOption<Value>[];
  label: string;
  className?: string;
}

/**
 * An accessible single-choice select; `label` names it for assistive technology. It answers with one of
 * its options' values, typed as they are (Radix itself hands back any string).
 */
export function Select<Value extends string>({ value, onValueChange, options, label, className }: SelectProps<Value>) {
  const choose = (chosen: string) => {
    const option = options.find((candidate) => candidate.value === chosen);
    if (option) onValueChange(option.value);
  };
  return (
    <SelectPrimitive.Root value={value} onValueChange={choose}>
      <SelectPrimitive.Trigger
        aria-label={label}
        className={cn(
          // One line whatever the width: a wrapped choice would overflow the fixed height, and a long one (an
          // author's address) ends in an ellipsis inside the box rather than running past it.
          'inline-flex h-9 min-w-0 items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm whitespace-nowrap',
          'focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-900',
          className,
        )}
      >
        <span className="truncate">
          <SelectPrimitive.Value />
        </span>
        <SelectPrimitive.Icon>
          <ChevronDown className="h-4 w-4" aria-hidden="true" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-50 min-w-32 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <SelectPrimitive.Viewport>
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-pointer items-center rounded-md py-1.5 pr-2 pl-7 text-sm outline-none data-[highlighted]:bg-indigo-50 dark:data-[highlighted]:bg-slate-800"
              >
                <SelectPrimitive.ItemIndicator className="absolute left-2">
                  <Check className="h-4 w-4" aria-hidden="true" />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
