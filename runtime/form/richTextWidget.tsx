// Form widget "richtext": a small contentEditable editor (bold, italic, underline, lists, link-free).
// The HTML is sanitised by the server on save (allow-list); read-only shows the stored, sanitised HTML
// inside a sandboxed iframe so that even a stored mistake cannot run script in the app.
import { useEffect, useRef } from 'react';
import { Button, Space } from '@arco-design/web-react';
import type { WidgetProps } from '@rjsf/utils';
import type { WidgetDef } from '../registry/types.js';

const COMMANDS: [string, string][] = [
  ['bold', 'B'],
  ['italic', 'I'],
  ['underline', 'U'],
  ['insertUnorderedList', '•'],
  ['insertOrderedList', '1.'],
];

function RichTextWidget({ id, value, readonly, disabled, onChange }: WidgetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const html = typeof value === 'string' ? value : '';
  useEffect(() => {
    // Only push outside changes (a reload) into the editor; typing must not reset the caret.
    if (ref.current && ref.current.innerHTML !== html) ref.current.innerHTML = html;
  }, [html, readonly]);
  if (readonly || disabled) {
    return (
      <iframe
        id={id}
        title={id}
        sandbox=""
        srcDoc={`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"><body style="font:14px sans-serif;margin:8px">${html}</body>`}
        style={{ width: '100%', minHeight: 160, border: '1px solid #e5e6eb', borderRadius: 2, background: '#f7f8fa' }}
      />
    );
  }
  const emit = () => onChange(ref.current?.innerHTML ? ref.current.innerHTML : undefined);
  return (
    <div style={{ border: '1px solid #e5e6eb', borderRadius: 2 }}>
      <Space size={4} style={{ padding: 4, borderBottom: '1px solid #e5e6eb', background: '#f7f8fa', width: '100%' }}>
        {COMMANDS.map(([cmd, label]) => (
          <Button
            key={cmd}
            size="mini"
            data-testid={`richtext-${cmd}`}
            onMouseDown={(e) => {
              e.preventDefault();
              document.execCommand(cmd);
              emit();
            }}
          >
            {label}
          </Button>
        ))}
      </Space>
      <div
        id={id}
        ref={ref}
        data-testid={`richtext-${id}`}
        contentEditable
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        style={{ minHeight: 160, padding: 8, outline: 'none' }}
      />
    </div>
  );
}

export const richTextWidget: WidgetDef = { component: RichTextWidget };
