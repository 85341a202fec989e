import type { Component, Values } from '../../components/layout/layoutModel';
import type { DocumentData, DocumentDefinition } from './api';
import { documentKinds, fileNameField, titleMandatory } from './documentRules';

type Binding = DocumentDefinition['standardFieldsBinding'][string];

const defaultLabels: Record<string, string> = {
  ExtRefType: 'Document Type',
  Title: 'Title',
  Author: 'Author',
  CreateDate: 'Create Date',
  Comments: 'Comments',
  Folder: 'Folder',
  Security: 'Security',
  Category: 'Category',
  PortalCategory: 'Portal Category',
};

const emptyOption = { textField: '', valueField: '' };

// The properties form as layout components, so that it is drawn and checked like every other form:
// the standard fields of spec 2 §3 under the environment's bindings (label, tooltip, read-only,
// hidden), then the custom fields of documents.yaml.
export function documentLayout(definition: DocumentDefinition, kind: string, isNew: boolean): Component[] {
  const binding = (name: string): Binding | undefined => definition.standardFieldsBinding[name];
  const field = (name: string, type: string, extra: Partial<Component> = {}): Component | null => {
    const bound = binding(name);
    if (bound && !bound.isVisible) return null;
    return {
      id: `document-${name}`,
      referenceCode: name,
      type,
      label: bound?.label ?? extra.label ?? defaultLabels[name] ?? name,
      tooltip: bound?.tooltip ?? undefined,
      readonly: Boolean(bound?.isReadOnly) || Boolean(extra.readonly),
      hiddenOnSmallDevice: false,
      hiddenOnMediumDevice: false,
      ...Object.fromEntries(Object.entries(extra).filter(([key]) => key !== 'label' && key !== 'readonly')),
    };
  };
  const name = fileNameField(kind);
  const left = [
    field('ExtRefType', 'ChoiceField', {
      mandatory: true,
      // A file keeps its type; a link or a place stays what it is.
      readonly: !isNew,
      options: documentKinds.map((each) => ({ textField: each, valueField: each })),
    }),
    field('Title', 'TextField', { mandatory: titleMandatory(kind), maxLength: 255 }),
    // A file's name is its upload's and changes by Rename; a URL or a place is typed.
    kind === 'Electronic' && isNew
      ? null
      : field('ExtRefFilename', 'TextField', {
          label: name.label,
          mandatory: name.mandatory,
          readonly: kind === 'Electronic',
          maxLength: kind === 'Link' ? 2000 : 255,
        }),
    field('Author', 'TextField', { maxLength: 255 }),
    field('CreateDate', 'DateField'),
  ];
  const right = [
    field('Folder', 'ChoiceField', { options: [emptyOption, ...definition.folders] }),
    field('Category', 'ChoiceField', { options: [emptyOption, ...definition.documentCategory] }),
    field('Security', 'ChoiceField', { options: [{ textField: 'Everyone who may see the case', valueField: '' }, ...definition.documentSecurityGroups] }),
    field('PortalCategory', 'ChoiceField', { options: [emptyOption, ...definition.portalDocumentCategory] }),
  ];
  const present = (components: Array<Component | null>) => components.filter((component): component is Component => component !== null);
  const box = (id: string, children: Component[]): Component => ({
    id,
    type: 'VBox',
    label: '',
    readonly: false,
    hiddenOnSmallDevice: false,
    hiddenOnMediumDevice: false,
    minWidth: 260,
    children,
  });
  const layout: Component[] = [
    {
      id: 'document-columns',
      type: 'HBox',
      label: '',
      readonly: false,
      hiddenOnSmallDevice: false,
      hiddenOnMediumDevice: false,
      children: [box('document-left', present(left)), box('document-right', present(right))],
    },
  ];
  const comments = field('Comments', 'TextAreaField', { maxLength: 4000 });
  if (comments) layout.push(comments);
  if (definition.customFields.length > 0) {
    layout.push({
      id: 'document-custom',
      type: 'Section',
      label: 'More details',
      readonly: false,
      hiddenOnSmallDevice: false,
      hiddenOnMediumDevice: false,
      children: definition.customFields,
    });
  }
  return layout;
}

// The values a properties form starts from: a stored document's, or a new one's defaults.
export function documentValues(data: DocumentData | null): Values {
  if (!data) {
    return { ExtRefType: 'Electronic', Title: '', Author: '', CreateDate: null, Comments: '', Folder: '', Category: '', Security: '', PortalCategory: '' };
  }
  const properties = data.DocumentProperties;
  return {
    ExtRefType: properties.ExtRefType,
    Title: properties.Title,
    ExtRefFilename: properties.ExtRefFilename,
    Author: properties.Author,
    CreateDate: properties.CreateDate,
    Comments: properties.Comments,
    Folder: properties.Folder,
    Category: properties.Category,
    Security: properties.Security,
    PortalCategory: properties.PortalCategory,
    ...(properties.CustomFields as Values),
  };
}
