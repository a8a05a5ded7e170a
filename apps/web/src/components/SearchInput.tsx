import { Search } from 'lucide-react';
import { cn } from '../ui/cn';
import { Input } from '../ui/Input';

interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Its placeholder and accessible name ('Search clips...', 'Search rooms...'). */
  label: string;
  className?: string;
}

/** A filter bar's search box: magnifier, placeholder as its name, at most 200 characters (the servers' bound). */
export function SearchInput({ value, onChange, label, className }: SearchInputProps) {
  return (
    <div className={cn('relative flex-1 sm:min-w-60', className)}>
      <Search className="absolute top-3 left-3 h-4 w-4 text-slate-400" aria-hidden="true" />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={label}
        aria-label={label}
        className="pl-9"
        maxLength={200}
      />
    </div>
  );
}
