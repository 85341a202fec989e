import type { Component } from '../../components/layout/layoutModel';
import { fileNameField, titleMandatory } from './documentRules';

// The server's properties form as it stands for the document type chosen (spec 2 §4): the file
// name field is called File Name, URL or Location and is mandatory for the last two; the title is
// mandatory for what is not a file; a new file's name comes from its upload, so the field is not
// shown; a file's name changes only by Rename.
export function forKind(components: readonly Component[], kind: string, isNew: boolean): Component[] {
  const adjust = (component: Component): Component | null => {
    if (component.referenceCode === 'ExtRefFilename') {
      if (kind === 'Electronic' && isNew) return null;
      const name = fileNameField(kind);
      // The server named it for the stored type; a label documents.yaml chose stays.
      const standard = ['File Name', 'URL', 'Location'].includes(component.label);
      return {
        ...component,
        // The hint documents.yaml gives the field is about a file's name: it does not apply to a
        // URL or a place.
        tooltip: kind === 'Electronic' ? component.tooltip : undefined,
        label: standard ? name.label : component.label,
        mandatory: name.mandatory,
        readonly: component.readonly || kind === 'Electronic',
        maxLength: kind === 'Link' ? 2000 : 255,
      };
    }
    if (component.referenceCode === 'Title') {
      return { ...component, mandatory: titleMandatory(kind) };
    }
    if (component.children) {
      return { ...component, children: component.children.map(adjust).filter((child): child is Component => child !== null) };
    }
    return component;
  };
  return components.map(adjust).filter((component): component is Component => component !== null);
}
