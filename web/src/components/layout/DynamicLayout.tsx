import { Body1 } from '@fluentui/react-components';

import { useLayout, LayoutContext, type LayoutContextValue } from './LayoutContext';
import { Fieldset, HBox, Section, TabSet, VBox } from './Containers';
import { FieldControl } from './FieldControl';
import { isShown, showsOwnValue, type Component } from './layoutModel';
import { FactField, TextBlock } from './ValueDisplay';
import { slots } from '../../lib/slots';

// Renders a form's layout (spec 2 "Dynamic layout"): containers, data fields and the components
// that carry their own value (facts of the record, texts), shown only when not hidden on this size
// of screen and when their visibility condition holds for the form's values; readonly containers
// make everything inside them read-only.
export function DynamicLayout({
  components,
  readOnly = false,
  reveal = null,
  ...context
}: LayoutContextValue & { components: readonly Component[]; readOnly?: boolean; reveal?: string | null }) {
  return (
    <LayoutContext.Provider value={context}>
      <ComponentList components={components} readOnly={readOnly} reveal={reveal} />
    </LayoutContext.Provider>
  );
}

function ComponentList({ components, readOnly, reveal }: { components: readonly Component[]; readOnly: boolean; reveal: string | null }) {
  return (
    <>
      {components.map((component) => (
        <LayoutNode key={component.id} component={component} readOnly={readOnly} reveal={reveal} />
      ))}
    </>
  );
}

function LayoutNode({ component, readOnly, reveal }: { component: Component; readOnly: boolean; reveal: string | null }) {
  const { values, screen } = useLayout();
  if (!isShown(component, values, screen)) return null;
  const locked = readOnly || component.readonly;
  const children = <ComponentList components={component.children ?? []} readOnly={locked} reveal={reveal} />;
  switch (component.type) {
    case 'HBox':
      return <HBox component={component}>{children}</HBox>;
    case 'VBox':
      return <VBox component={component}>{children}</VBox>;
    case 'Fieldset':
      return (
        <Fieldset component={component} disabled={locked}>
          {children}
        </Fieldset>
      );
    case 'Section':
      return (
        <Section component={component} reveal={reveal}>
          {children}
        </Section>
      );
    case 'TabSet':
      return (
        <TabSet
          component={component}
          reveal={reveal}
          renderChild={(tab) => <LayoutNode component={{ ...tab, label: '' }} readOnly={locked} reveal={reveal} />}
        />
      );
    case 'Text':
      return <TextBlock component={component} />;
    case 'Documents':
      return <DocumentsView />;
    case 'Roles':
    case 'RolesHeld':
    case 'AlternateNames':
    case 'Comments':
    case 'CrossReferences':
    case 'CaseActions':
      return <RecordView component={component} readOnly={locked} />;
    default:
      return showsOwnValue(component) ? <FactField component={component} /> : <FieldControl component={component} readOnly={locked} />;
  }
}

// What a record holds besides its fields: the holders of a role, the roles it holds elsewhere, a
// person's other names and comments.
function RecordView({ component, readOnly }: { component: Component; readOnly: boolean }) {
  const { view, parentId, typeName } = useLayout();
  if (view !== 'case' && view !== 'person') return null;
  const place = { kind: view, identifier: parentId, typeName: typeName ?? view, readOnly } as const;
  const show = {
    Roles: slots.roles,
    RolesHeld: slots.rolesHeld,
    AlternateNames: slots.alternateNames,
    Comments: slots.comments,
    CrossReferences: slots.crossReferences,
    CaseActions: slots.caseActions,
  }[component.type as 'Roles' | 'RolesHeld' | 'AlternateNames' | 'Comments' | 'CrossReferences' | 'CaseActions'];
  return <>{show(place, component)}</>;
}

// A case's documents, where its layout places them; a case not yet saved has none to show.
function DocumentsView() {
  const { view, parentId } = useLayout();
  if (view !== 'case') return null;
  if (!parentId) return <Body1>Save the case first, then add its documents here.</Body1>;
  return <>{slots.documents(parentId)}</>;
}
